/** Special folder codes of SPEC §3; a department's special folder has prettyId `<code>-<department>`. */
export const FOLDER_CODES = {
  suppliers: 'frnt01',
  supplierApproval: 'aprv01',
  supplierWork: 'lvrr02',
  approval: 'appr02',
  approvalStep1: 'appstp1',
  rejected: 'rftt00',
  enrichment: 'arrc03',
  departmentArchive: 'arch04',
  internalShared: 'arch06',
  junk: 'junk',
} as const;
export type FolderCode = (typeof FOLDER_CODES)[keyof typeof FOLDER_CODES];

/** Approval step N's code: appstp1, appstp2, … */
export function approvalStepCode(step: number): string {
  return `appstp${step}`;
}

export function departmentFolderPrettyId(code: string, department: string): string {
  return `${code}-${department.toLowerCase()}`;
}
