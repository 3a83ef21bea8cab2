import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user';
import { ApiAdministratorsOnly, ApiSignedIn } from '../common/api-refusals.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import { JobSubmittedDto } from '../jobs/jobs.dto';
import { SubmitsJob } from '../jobs/submits-job.decorator';
import {
  RegisterWebhookDto,
  RegisteredWebhookDto,
  WebhookEndpointDto,
  WebhookIdParams,
} from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

/** The downstream endpoints that hear rights notices (docs/rights-notices.md), for administrators. */
@ApiTags('webhooks')
@ApiSignedIn()
@ApiAdministratorsOnly()
@Controller('api/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: 'The endpoints, newest first, each with its last deliveries' })
  @ApiOkResponse({ type: [WebhookEndpointDto] })
  list(@CurrentUser() user: AuthUser): Promise<WebhookEndpointDto[]> {
    return this.webhooks.list(user);
  }

  @Post()
  @ApiOperation({ summary: 'Registers an endpoint; the answer holds its signing secret, shown this once' })
  @ApiCreatedResponse({ type: RegisteredWebhookDto })
  @ApiBadRequestResponse({
    description: 'VALIDATION_FAILED; WEBHOOK_BAD_URL: not http(s), with credentials, or the portal itself',
  })
  @ApiConflictResponse({ description: 'WEBHOOK_LIMIT_REACHED' })
  register(@CurrentUser() user: AuthUser, @Body() body: RegisterWebhookDto): Promise<RegisteredWebhookDto> {
    return this.webhooks.register(user, body);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Deactivates an endpoint: it hears nothing more; its deliveries are kept' })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a malformed id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND' })
  @ApiConflictResponse({ description: 'WEBHOOK_INACTIVE: deactivated already' })
  deactivate(@CurrentUser() user: AuthUser, @Param() params: WebhookIdParams): Promise<WebhookEndpointDto> {
    return this.webhooks.deactivate(user, params.id);
  }

  @SubmitsJob(':id/test', 'Sends a signed test delivery to an endpoint, by a job with retries')
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED: a malformed id' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND' })
  @ApiConflictResponse({ description: 'WEBHOOK_INACTIVE' })
  test(@CurrentUser() user: AuthUser, @Param() params: WebhookIdParams): Promise<JobSubmittedDto> {
    return this.webhooks.test(user, params.id);
  }
}
