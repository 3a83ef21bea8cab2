import {
  ASSET_OUTCOME_KINDS,
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  COPYRIGHT_COUNTRIES,
  COPYRIGHT_KINDS,
  COPYRIGHT_STATES,
  FILTER_CONTENT_TYPES,
  JOB_NAMES,
  isJobName,
  JOB_STATES,
  QUEUE_COUNT_STATES,
  QUEUE_NAMES,
  ROLES,
  SHARE_EVENTS,
  SHARE_STATES,
  SHARE_TYPES,
} from '@paddock/rules';
import type { TFunction } from 'i18next';

/**
 * Every enumeration a user reads, from @paddock/rules where it is defined, with the catalogue
 * branch that names its values: a value is never shown as stored. i18n.test.ts checks each value
 * has its label in every language.
 */
export const ENUM_LABELS = {
  role: { values: ROLES, branch: 'roles' },
  contentType: { values: FILTER_CONTENT_TYPES, branch: 'assets.types' },
  jobName: { values: JOB_NAMES, branch: 'manage.jobNames' },
  jobState: { values: JOB_STATES, branch: 'manage.states' },
  queue: { values: QUEUE_NAMES, branch: 'manage.queues' },
  queueCount: { values: QUEUE_COUNT_STATES, branch: 'manage.counts' },
  auditAction: { values: AUDIT_ACTIONS, branch: 'manage.auditActions' },
  auditOutcome: { values: AUDIT_OUTCOMES, branch: 'manage.auditOutcomes' },
  assetOutcome: { values: ASSET_OUTCOME_KINDS, branch: 'manage.outcomes' },
  shareState: { values: SHARE_STATES, branch: 'sharing.states' },
  shareType: { values: SHARE_TYPES, branch: 'sharing.types' },
  shareEvent: { values: SHARE_EVENTS, branch: 'sharing.events' },
  copyrightKind: { values: COPYRIGHT_KINDS, branch: 'assetDetail.enrichment.kinds' },
  copyrightState: { values: COPYRIGHT_STATES, branch: 'assetDetail.enrichment.states' },
  copyrightCountry: { values: COPYRIGHT_COUNTRIES, branch: 'assetDetail.enrichment.countries' },
} as const satisfies Record<string, { values: readonly string[]; branch: string }>;

export type EnumKind = keyof typeof ENUM_LABELS;

/** The catalogue key of one value. */
export function enumKey(kind: EnumKind, value: string): string {
  return `${ENUM_LABELS[kind].branch}.${value}`;
}

/**
 * One enumeration value as the reader's label. A value this release does not know (a newer
 * server's job, say) reads as it is rather than as a missing key.
 */
export function enumLabel(t: TFunction, kind: EnumKind, value: string): string {
  return t(enumKey(kind, value), { defaultValue: value });
}

/** An audit row's action: a job's own row carries the job's name, the others an audit action. */
export function auditActionLabel(t: TFunction, action: string): string {
  return enumLabel(t, isJobName(action) ? 'jobName' : 'auditAction', action);
}
