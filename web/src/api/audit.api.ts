import type { AuditListResponse } from '@paddock/rules';
import { request } from './http';

/** An audit log search as the form fills it ('' = any); dates are yyyy-MM-dd, local days. */
export interface AuditSearch {
  assetId: string;
  actor: string;
  from: string;
  to: string;
  jobId?: string;
}

/** A local calendar day's start as an instant; `nextDay` gives the end of an inclusive range. */
function dayStart(day: string, nextDay = false): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + (nextDay ? 1 : 0)).toISOString();
}

export function auditPath(search: AuditSearch, cursor: string | null, lang?: string): string {
  const params = new URLSearchParams();
  if (search.assetId.trim()) params.set('assetId', search.assetId.trim());
  if (search.actor.trim()) params.set('actor', search.actor.trim());
  if (search.from) params.set('from', dayStart(search.from));
  // The form's "to" day is included: the hub's bound is exclusive.
  if (search.to) params.set('to', dayStart(search.to, true));
  if (search.jobId) params.set('jobId', search.jobId);
  if (cursor) params.set('cursor', cursor);
  if (lang) params.set('lang', lang);
  const query = params.toString();
  return query ? `/api/audit?${query}` : '/api/audit';
}

export function fetchAudit(
  search: AuditSearch,
  cursor: string | null,
  lang: string,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  return request<AuditListResponse>(auditPath(search, cursor, lang), { signal });
}
