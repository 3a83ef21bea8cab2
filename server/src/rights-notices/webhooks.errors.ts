import { RIGHTS_NOTICE_ERROR_CODES as CODES, WEBHOOK_LIMITS, type WebhookUrlProblem } from '@paddock/rules';
import { DomainError } from '../common/domain-error';

/** The refusals of webhook endpoints; a secret is never in them. */
export const webhookRefusal = {
  badUrl: (problem: WebhookUrlProblem) =>
    new DomainError(
      CODES.BAD_WEBHOOK_URL,
      problem === 'portal'
        ? 'A webhook may not point at the portal itself'
        : 'A webhook URL is an http or https address without user or password',
      { problem },
    ),
  inactive: () => new DomainError(CODES.WEBHOOK_INACTIVE, 'This webhook endpoint is deactivated'),
  tooMany: () =>
    new DomainError(CODES.TOO_MANY_WEBHOOKS, `At most ${WEBHOOK_LIMITS.endpointsMax} webhook endpoints`),
  notManager: () => DomainError.forbidden('Only administrators manage webhooks'),
  otherDepartment: () =>
    DomainError.forbidden(
      "A department's webhooks are managed by its own administrators, or by the organisation's",
    ),
};
