import { Controller, Get, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { userDetailQuerySchema, type UserDetailQuery } from './vuser-manager.dto';
import { VUserManagerService } from './vuser-manager.service';

/** THRON's xsso vusermanager (research §2.4); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xsso/resources/vusermanager')
export class VUserManagerController {
  constructor(private readonly vuserManager: VUserManagerService) {}

  // THRON documents the path with a trailing slash; both spellings answer.
  @Get(['detail', 'detail/'])
  @Authenticated({ clientId: 'query' })
  detail(
    @Caller() caller: ProviderCaller,
    @Query(new ThronInputPipe(userDetailQuerySchema)) query: UserDetailQuery,
  ) {
    return this.vuserManager.detail(caller, query);
  }
}
