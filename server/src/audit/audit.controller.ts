import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { viewerOf } from '../jobs/actor';
import { AuditListResponseDto, AuditQueryDto } from './audit.dto';
import { AuditService } from './audit.service';

@ApiTags('audit')
@ApiCookieAuth()
@ApiSecurity('token')
@ApiUnauthorizedResponse({ description: 'No session' })
@Controller('api/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'Search the audit log, newest first (administrators)' })
  @ApiOkResponse({ type: AuditListResponseDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a malformed filter, or from not before to' })
  @ApiForbiddenResponse({ description: 'Not an administrator' })
  search(@CurrentUser() user: AuthUser, @Query() query: AuditQueryDto): Promise<AuditListResponseDto> {
    return this.audit.search(viewerOf(user), query, user.providerToken);
  }
}
