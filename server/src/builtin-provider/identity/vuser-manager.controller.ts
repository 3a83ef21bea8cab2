import { Controller, Get, Headers, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
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
  detail(
    @Query(new ThronInputPipe(userDetailQuerySchema)) query: UserDetailQuery,
    @Headers('x-tokenid') token: string | undefined,
  ) {
    return this.vuserManager.detail(query, token);
  }
}
