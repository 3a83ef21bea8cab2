/** A version's pre-flight job: one per version, whoever submits it and however often. */
export function preflightJobIdOf(contentId: string, version: number): string {
  return `preflight-${contentId}-${version}`;
}

/** The resubmit job a version's pre-flight submits (a rejected delivery's new version back to step 1): one per version. */
export function resubmitJobIdOf(contentId: string, version: number): string {
  return `resubmit-${contentId}-${version}`;
}
