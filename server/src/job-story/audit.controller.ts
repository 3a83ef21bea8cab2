import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser } from '../common/current-user.decorator';
import { viewerOf } from '../jobs/actor';
import { AuditListResponseDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';
import { ApiAdministratorsOnly, ApiSignedIn } from '../common/api-refusals.decorator';

@ApiTags('audit')
@ApiSignedIn()
@Controller('api/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'Search the audit log, newest first (administrators)' })
  @ApiOkResponse({ type: AuditListResponseDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a malformed filter, or from not before to' })
  @ApiAdministratorsOnly()
  search(@CurrentUser() user: AuthUser, @Query() query: AuditQueryDto): Promise<AuditListResponseDto> {
    return this.audit.search(viewerOf(user), query, user.providerToken);
  }
}
