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

/**
 * SPEC §3 "Fixed folder ids … for shared archive, channels, internal sharing": the organisation's
 * shared archive is one folder with a fixed id (its prettyId; the provider takes a prettyId where a
 * folder id is asked), not a department's. The folders below it are sharing channels, as are those
 * below a department's internally shared folder (arch06-<department>).
 */
export const FIXED_FOLDER_IDS = {
  sharedArchive: 'shared-archive',
} as const;

/** Approval step N's code: appstp1, appstp2, … */
export function approvalStepCode(step: number): string {
  return `appstp${step}`;
}

/** Folder management failures (SPEC §5, §8), each with its own message in the web. */
export const FOLDER_ERROR_CODES = {
  /** SPEC §5 "Folder must have a name". */
  NAME_REQUIRED: 'FOLDER_NAME_REQUIRED',
  /** SPEC §8 folder creation error: the provider refused the new folder. */
  CREATE_FAILED: 'FOLDER_CREATE_FAILED',
  /** SPEC §8 rename error. */
  RENAME_FAILED: 'FOLDER_RENAME_FAILED',
  /** SPEC §8 pretty id modification error (the code is taken, or the provider refused it). */
  PRETTY_ID_FAILED: 'FOLDER_PRETTY_ID_FAILED',
  /** Not a folder code: lower-case letters and digits in dash-separated parts, at most 100 characters. */
  PRETTY_ID_INVALID: 'FOLDER_PRETTY_ID_INVALID',
  /**
   * The codes of SPEC §3 place folders in the workflow: a special folder keeps its code, and no
   * other folder takes one.
   */
  PRETTY_ID_RESERVED: 'FOLDER_PRETTY_ID_RESERVED',
} as const;
export type FolderErrorCode = (typeof FOLDER_ERROR_CODES)[keyof typeof FOLDER_ERROR_CODES];

export const FOLDER_PRETTY_ID_MAX_LENGTH = 100;
const PRETTY_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` has the form of a folder code (the reserved ones are the workflow's business). */
export function isFolderPrettyIdWellFormed(value: string): boolean {
  return value.length <= FOLDER_PRETTY_ID_MAX_LENGTH && PRETTY_ID_PATTERN.test(value);
}

export function departmentFolderPrettyId(code: string, department: string): string {
  return `${code}-${department.toLowerCase()}`;
}

/** The code of a department's top folder: `dept-<department>`. */
export function departmentTopFolderPrettyId(department: string): string {
  return `dept-${department.toLowerCase()}`;
}

/** The department of a department's top folder (departmentTopFolderPrettyId), else null. */
export function departmentOfTopFolder(prettyId: string | null | undefined): string | null {
  return /^dept-(.+)$/.exec(prettyId ?? '')?.[1] ?? null;
}
