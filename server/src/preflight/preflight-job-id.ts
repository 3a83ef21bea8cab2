/** A version's pre-flight job: one per version, whoever submits it and however often. */
export function preflightJobIdOf(contentId: string, version: number): string {
  return `preflight-${contentId}-${version}`;
}
