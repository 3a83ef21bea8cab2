import type { PreflightRule, PreflightRuleSetView } from '@paddock/rules';
import { request } from './http';

const path = (department: string) => `/api/preflight/rules/${encodeURIComponent(department)}`;

/** A department's pre-flight rules (administrators). */
export function fetchPreflightRules(department: string, signal?: AbortSignal): Promise<PreflightRuleSetView> {
  return request<PreflightRuleSetView>(path(department), { signal });
}

/** Replaces the department's rules: all saved, or none (the hub names every problem). */
export function savePreflightRules(
  department: string,
  rules: PreflightRule[],
): Promise<PreflightRuleSetView> {
  return request<PreflightRuleSetView>(path(department), { method: 'PUT', body: { rules } });
}

/** Back to the default rules. */
export function resetPreflightRules(department: string): Promise<PreflightRuleSetView> {
  return request<PreflightRuleSetView>(path(department), { method: 'DELETE' });
}
