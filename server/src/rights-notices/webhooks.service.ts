import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  mayManageDepartmentWebhooks,
  mayManageWebhooks,
  webhookUrlProblem,
  type RegisterWebhookRequest,
  type RightsNoticeBody,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { JobName } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import { webhookJobId } from './rights-notice-sender';
import { RightsNoticesRepository, type WebhookEndpointRecord } from './rights-notices.repository';
import { newWebhookSecret } from './webhook-signature';
import {
  toWebhookEndpointResponse,
  type RegisteredWebhookDto,
  type WebhookEndpointDto,
} from './webhooks.dto';
import { webhookRefusal as refuse } from './webhooks.errors';

/**
 * Administrators register, list, deactivate and test the downstream endpoints that hear rights
 * notices (docs/rights-notices.md). An administrator of a department manages that department's;
 * one of no department (the organisation's) manages all, and those for every department.
 */
@Injectable()
export class WebhooksService {
  private readonly portal: string;

  constructor(
    private readonly notices: RightsNoticesRepository,
    @Inject(JobsService) private readonly jobs: Pick<JobsService, 'submit'>,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'PUBLIC_URL'>,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.portal = config.PUBLIC_URL;
  }

  async list(user: AuthUser): Promise<WebhookEndpointDto[]> {
    this.requireManager(user);
    const endpoints = await this.notices.endpoints(user.department?.toLowerCase() ?? undefined);
    const deliveries = await this.notices.recentDeliveries(
      endpoints.map((e) => e.id),
      WEBHOOK_LIMITS.deliveriesListed,
    );
    return endpoints.map((e) =>
      toWebhookEndpointResponse(
        e,
        deliveries.filter((d) => d.endpointId === e.id),
      ),
    );
  }

  async register(user: AuthUser, request: RegisterWebhookRequest): Promise<RegisteredWebhookDto> {
    this.requireManager(user);
    const url = request.url.trim();
    const problem = webhookUrlProblem(url, this.portal);
    if (problem) throw refuse.badUrl(problem);
    const department = request.department?.toLowerCase() ?? null;
    this.requireDepartment(user, department);
    if ((await this.notices.countEndpoints()) >= WEBHOOK_LIMITS.endpointsMax) throw refuse.tooMany();
    const secret = newWebhookSecret();
    const created = await this.notices.createEndpoint({
      url,
      secret,
      department,
      description: request.description?.trim() ?? '',
      createdBy: user.username,
    });
    return { ...toWebhookEndpointResponse(created, []), secret };
  }

  async deactivate(user: AuthUser, id: string): Promise<WebhookEndpointDto> {
    const endpoint = await this.managed(user, id);
    if (!(await this.notices.deactivate(endpoint.id, user.username, this.clock.now())))
      throw refuse.inactive();
    return toWebhookEndpointResponse({ ...endpoint, active: false }, []);
  }

  /** A test delivery, signed like a notice, sent by its own job (its state shows in the list). */
  async test(user: AuthUser, id: string): Promise<{ jobId: string }> {
    const endpoint = await this.managed(user, id);
    if (!endpoint.active) throw refuse.inactive();
    const occurredAt = this.clock.now().toISOString();
    const deliveryId = await this.notices.createTestDelivery(endpoint.id, (deliveryId) =>
      JSON.stringify({
        event: WEBHOOK_TEST_EVENT,
        id: deliveryId,
        assetId: null,
        name: null,
        effectiveDate: null,
        occurredAt,
        portal: this.portal,
      } satisfies RightsNoticeBody),
    );
    return this.jobs.submit(JobName.RightsWebhook, { deliveryId }, user.username, {
      jobId: webhookJobId(deliveryId),
    });
  }

  private async managed(user: AuthUser, id: string): Promise<WebhookEndpointRecord> {
    this.requireManager(user);
    const endpoint = await this.notices.endpoint(id);
    const own = user.department?.toLowerCase() ?? null;
    // Another department's endpoint is not there for this administrator.
    if (!endpoint || (own !== null && endpoint.department !== own))
      throw DomainError.notFound('No such webhook endpoint');
    return endpoint;
  }

  private requireManager(user: AuthUser): void {
    if (!mayManageWebhooks(user)) throw refuse.notManager();
  }

  private requireDepartment(user: AuthUser, department: string | null): void {
    if (!mayManageDepartmentWebhooks(user, department)) throw refuse.otherDepartment();
  }
}
