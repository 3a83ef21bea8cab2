import type { RegisterWebhookRequest, RegisteredWebhook, WebhookEndpointView } from '@paddock/rules';
import { request } from './http';

/** The webhook endpoints this administrator manages, newest first, with their last deliveries. */
export function fetchWebhooks(signal?: AbortSignal): Promise<WebhookEndpointView[]> {
  return request<WebhookEndpointView[]>('/api/webhooks', { signal });
}

/** Registers an endpoint; the answer holds its signing secret, shown once. */
export function registerWebhook(body: RegisterWebhookRequest): Promise<RegisteredWebhook> {
  return request<RegisteredWebhook>('/api/webhooks', { method: 'POST', body });
}

export function deactivateWebhook(id: string): Promise<WebhookEndpointView> {
  return request<WebhookEndpointView>(`/api/webhooks/${encodeURIComponent(id)}/deactivate`, {
    method: 'POST',
  });
}

/** A signed test delivery, sent by a job. */
export function testWebhook(id: string): Promise<{ jobId: string }> {
  return request<{ jobId: string }>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' });
}

/** The rights notices now (the daily schedule runs them too). */
export function runRightsNotices(): Promise<{ jobId: string }> {
  return request<{ jobId: string }>('/api/jobs/maintenance/rights-notices', { method: 'POST' });
}
