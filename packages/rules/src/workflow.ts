/**
 * The approval workflow and junk (SPEC §4) as the hub and the web both speak it: action names,
 * request bodies of `POST /api/workflow/{action}`, per-asset outcomes, and the fixed tags and
 * metadata keys the workflow writes. docs/workflow.md draws the folder model.
 */

import { SHARING_TAGS } from './internal-share';
import { LIMITS } from './limits';
import { PLATE_BOXES_METADATA } from './plates';

/** `POST /api/workflow/{action}` — each answers `202 { jobId }`. */
export const WORKFLOW_ACTIONS = [
  'accept',
  'reject',
  'move',
  'delete',
  'restore',
  'permanent-delete',
  'supplier-remove',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

export interface WorkflowRequestBase {
  /** At most LIMITS.workflowMaxAssets. */
  contentIds: string[];
  /** The folder the user acts from (the listing's folder); the hub derives the view from it. */
  folderId: string;
}

export interface WorkflowRequests {
  /** At the last step `enrichmentFolderId` (the enrichment folder or one below it) is required. */
  accept: WorkflowRequestBase & { enrichmentFolderId?: string };
  /** `note` is required (Latin-1); `canvas` is the drawing, a JSON Canvas document as a string. */
  reject: WorkflowRequestBase & { note: string; canvas?: string };
  move: WorkflowRequestBase & { toFolderId: string };
  delete: WorkflowRequestBase;
  /** Without `toFolderId` each content goes back to the folder it was sent to the junk from. */
  restore: WorkflowRequestBase & { toFolderId?: string };
  'permanent-delete': WorkflowRequestBase;
  'supplier-remove': WorkflowRequestBase;
}

/** What happened to one asset of a workflow job (the kinds below, in order). */
export const ASSET_OUTCOME_KINDS = ['done', 'unchanged', 'junk', 'failed'] as const;
export type AssetOutcomeKind =
  /** Done as asked. */
  | 'done'
  /** Nothing to do: already where the action puts it (a retry after a crash, or a double submit). */
  | 'unchanged'
  /** The move failed, so the asset was sent to the department junk folder (SPEC §4, E046/E048). */
  | 'junk'
  /** Not done; `errorCode` says why. */
  | 'failed';

export interface AssetOutcome {
  contentId: string;
  outcome: AssetOutcomeKind;
  fromFolderId: string | null;
  toFolderId: string | null;
  errorCode: string | null;
}

/**
 * Where an asset stands in the workflow, as a card's chip shows it: waiting at an approval step,
 * accepted (past the last step), rejected, or in the junk; null outside the workflow.
 */
export type AssetWorkflowState =
  { kind: 'waiting'; step: number } | { kind: 'accepted' } | { kind: 'rejected' } | { kind: 'junk' };

/**
 * The one reading of an asset's place and tags as a state. Its folder decides first (a step, the
 * junk), then the decision tags: accepting at step N tags wf-accepted and links step N+1, where the
 * asset waits again; a rejected one sits in the rejected folder, tagged wf-refused.
 */
export function workflowStateOf(facts: {
  step: number | null;
  accepted: boolean;
  rejected: boolean;
  inJunk: boolean;
}): AssetWorkflowState | null {
  if (facts.inJunk) return { kind: 'junk' };
  if (facts.step !== null) return { kind: 'waiting', step: facts.step };
  if (facts.rejected) return { kind: 'rejected' };
  if (facts.accepted) return { kind: 'accepted' };
  return null;
}

/** Tag prettyIds the workflow sets (SPEC §3 "fixed tag ids"); THRON accepts a prettyId for an itag id. */
export const WORKFLOW_TAGS = {
  classification: 'ggdyqo',
  accepted: 'wf-accepted',
  refused: 'wf-refused',
  deleted: 'wf-deleted',
} as const;

/** Metadata keys of SPEC §3 the workflow writes. */
export const WORKFLOW_METADATA = {
  acceptedBy: 'accepted_by',
  rejectedBy: 'rejected_by',
  note: 'content_note',
  canvas: 'jsoncanvas',
  /** Deletion date, epoch seconds, shown as dd/MM/yyyy. */
  deletedAt: 'dataeliminazione',
} as const;

/** The metadata key marking a content shared internally (SPEC §3, hidden from display). */
export const INTERNAL_SHARE_METADATA = 'internal-share';

/** The version number the provider itself records on every content (SPEC §3, hidden from display). */
export const CONTENT_VERSION_METADATA = 'content_version';

/**
 * The hub's record of workflow decisions, and the provider's version record: tags and metadata
 * keys that only the hub's service account writes through the provider (issue 11), so no user
 * can forge an acceptance or a version, nor change or remove the plate boxes (issue 28).
 */
export const RESERVED_TAGS: readonly string[] = [
  WORKFLOW_TAGS.accepted,
  WORKFLOW_TAGS.refused,
  WORKFLOW_TAGS.deleted,
  ...Object.values(SHARING_TAGS),
];
export const RESERVED_METADATA_KEYS: readonly string[] = [
  ...Object.values(WORKFLOW_METADATA),
  INTERNAL_SHARE_METADATA,
  CONTENT_VERSION_METADATA,
  PLATE_BOXES_METADATA,
];

/** Error codes of the workflow the hub answers before a job exists (SPEC §4 refusals). */
export const WORKFLOW_ERROR_CODES = {
  /** Bulk accept or reject over assets in different steps (SPEC §4). */
  MIXED_STEPS: 'WORKFLOW_MIXED_STEPS',
  /** The user is not enabled for the assets' approval step (SPEC §6). */
  NOT_ENABLED_FOR_STEP: 'WORKFLOW_NOT_ENABLED_FOR_STEP',
  /** The action is not allowed in this view (SPEC §6 per-view table). */
  ACTION_NOT_ALLOWED: 'WORKFLOW_ACTION_NOT_ALLOWED',
  /** An asset is not in the folder the action was asked from. */
  NOT_IN_FOLDER: 'WORKFLOW_NOT_IN_FOLDER',
  /** Accept at the last step needs the enrichment folder chosen in the move dialog. */
  ENRICHMENT_FOLDER_REQUIRED: 'WORKFLOW_ENRICHMENT_FOLDER_REQUIRED',
  /** Permanent delete of an asset linked to more than one sharing channel (alert assetSharedChannelsTitle). */
  SHARED_IN_CHANNELS: 'WORKFLOW_SHARED_IN_CHANNELS',
  /** A reject without a note. */
  NOTE_REQUIRED: 'WORKFLOW_NOTE_REQUIRED',
  /** Move or restore into a folder that only the workflow fills (approval steps, rejected, junk). */
  TARGET_NOT_ALLOWED: 'WORKFLOW_TARGET_NOT_ALLOWED',
  /** A restore to the origin, for contents whose origin is unknown or no longer a valid target. */
  ORIGIN_UNAVAILABLE: 'WORKFLOW_ORIGIN_UNAVAILABLE',
  /** Accept of a new version whose carried-over rejection is not all checked "fixed" or "n/a" (issue 27). */
  CHECKLIST_OPEN: 'WORKFLOW_CHECKLIST_OPEN',
  /** A checklist mark for a version that is no longer the asset's current one, or a region it has not. */
  CHECKLIST_STALE: 'WORKFLOW_CHECKLIST_STALE',
} as const;

/**
 * Views a move or restore may not put contents into (SPEC §4): contents enter an approval step by
 * delivery, the rejected folder by a reject and the junk by a delete, each with its tags and notes.
 */
export const WORKFLOW_ONLY_VIEWS: readonly string[] = ['approver', 'rejected', 'departmentJunk'];

/** Whether a folder of this view may be the target of a move or restore (hub and picker alike). */
export function isMoveTargetView(view: string): boolean {
  return !WORKFLOW_ONLY_VIEWS.includes(view);
}

/**
 * When a content deleted at `deletedAt` (SPEC §3 `dataeliminazione`, epoch seconds) is due for the
 * junk purge: LIMITS.junkRetentionDays later (SPEC §4, §9). The nightly purge trashes it at its
 * first run from then on; the junk shows the date.
 */
export function junkPurgeDueAt(deletedAt: number): Date {
  return new Date((deletedAt + LIMITS.junkRetentionDays * 86_400) * 1000);
}

/** Seconds since the epoch → dd/MM/yyyy (UTC), how SPEC §3 shows `dataeliminazione`. */
export function formatDeletionDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/**
 * The reject drawing stored in `jsoncanvas`: strokes over the preview in coordinates relative to
 * the image (0–1 both ways), so it lines up again at any display size.
 */
export interface DrawingStroke {
  /** CSS colour, #rrggbb. */
  color: string;
  /** Pen width relative to the image width (0–1). */
  width: number;
  points: [number, number][];
}
export interface DrawingDocument {
  /** The format of this document. */
  version: 1;
  /**
   * The content version the drawing was drawn on: the hub stamps it when it stores a reject, so a
   * drawing stays with its version and a new version opens clean (issue 23). Read it through
   * `drawingContentVersion`.
   */
  contentVersion?: number;
  strokes: DrawingStroke[];
}

/** The longest drawing a reject may send. */
const MAX_DRAWING_CHARS = 400_000;
/** The longest stamp `stampDrawing` adds: `,"contentVersion":` and the largest safe integer. */
const STAMP_CHARS = ',"contentVersion":'.length + String(Number.MAX_SAFE_INTEGER).length;

export const DRAWING_LIMITS = {
  maxStrokes: 500,
  maxPointsPerStroke: 2000,
  maxChars: MAX_DRAWING_CHARS,
  /** The longest one stored: what a reject may send, once the hub has stamped it. */
  maxStoredChars: MAX_DRAWING_CHARS + STAMP_CHARS,
} as const;

/** The drawing inside a `jsoncanvas` string, or null when it is not a valid one. */
export function parseDrawing(text: string): DrawingDocument | null {
  if (text.length > DRAWING_LIMITS.maxStoredChars) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof doc !== 'object' || doc === null) return null;
  const { version, contentVersion, strokes } = doc as {
    version?: unknown;
    contentVersion?: unknown;
    strokes?: unknown;
  };
  if (version !== 1 || !Array.isArray(strokes) || strokes.length > DRAWING_LIMITS.maxStrokes) return null;
  if (
    contentVersion !== undefined &&
    !(Number.isSafeInteger(contentVersion) && (contentVersion as number) >= 1)
  )
    return null;
  const unit = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
  for (const s of strokes as unknown[]) {
    if (typeof s !== 'object' || s === null) return null;
    const { color, width, points } = s as { color?: unknown; width?: unknown; points?: unknown };
    if (typeof color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(color) || !unit(width)) return null;
    if (!Array.isArray(points) || points.length === 0 || points.length > DRAWING_LIMITS.maxPointsPerStroke)
      return null;
    if (!points.every((p) => Array.isArray(p) && p.length === 2 && unit(p[0]) && unit(p[1]))) return null;
  }
  return doc as DrawingDocument;
}

/**
 * The content version a drawing belongs to. Drawings stored before the hub stamped them (issue 23)
 * carry no `contentVersion` and are read as drawn on version 1, where every content starts: on a
 * later version such a drawing shows beside the preview, never over an image it may not fit.
 */
export function drawingContentVersion(drawing: DrawingDocument): number {
  return drawing.contentVersion ?? 1;
}

/**
 * A `jsoncanvas` string stamped with the content version it was drawn on, replacing any stamp the
 * browser sent; one that is not a valid drawing comes back unchanged (the hub refuses those before
 * a job exists).
 */
export function stampDrawing(text: string, contentVersion: number): string {
  const drawing = parseDrawing(text);
  return drawing ? JSON.stringify({ ...drawing, contentVersion }) : text;
}

/** The workflow facts of an asset, as `GET /api/assets/:id` reports them. */
export interface AssetWorkflowInfo {
  /** The approval step the asset waits at, or null outside the approval folders. */
  step: number | null;
  accepted: boolean;
  rejected: boolean;
  /** `content_note`: the rejection note. */
  note: string | null;
  /** `jsoncanvas`: the reject drawing (a DrawingDocument as JSON). */
  canvas: string | null;
  acceptedBy: string | null;
  /** Who rejected it (`rejected_by`): on the hub's answers their name, the username when the directory has none. */
  rejectedBy: string | null;
  /** `dataeliminazione`, epoch seconds, when in junk. */
  deletedAt: number | null;
}
