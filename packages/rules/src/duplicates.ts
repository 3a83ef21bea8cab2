/**
 * Duplicates with a memory (issue 27 point 2), as the hub and the web both speak it: the pre-flight
 * finds pairs of contents with the same bytes or a similar picture; a user decides each pair once,
 * and a decided pair is not proposed again unless a new similar asset joins its group.
 */

import type { AssetSummary } from './assets';
import type { Language } from './limits';
import { primaryRoleOf, type Role } from './roles';

/**
 * What a user decided about a pair: `distinct` (not a duplicate), `alternate` (kept both, as
 * alternates of one shot), `same` (one is kept, the other sent to the junk).
 */
export const DUPLICATE_DECISIONS = ['distinct', 'alternate', 'same'] as const;
export type DuplicateDecision = (typeof DUPLICATE_DECISIONS)[number];

/** Decisions that keep both assets: the "ignored" filter lists them, each with Undo. */
export const KEEPING_DECISIONS: readonly Exclude<DuplicateDecision, 'same'>[] = ['distinct', 'alternate'];

/** Whether a decision kept both assets (listed as ignored, with Undo). */
export function keepsBoth(decision: DuplicateDecision): decision is Exclude<DuplicateDecision, 'same'> {
  return (KEEPING_DECISIONS as readonly DuplicateDecision[]).includes(decision);
}

/** `GET /api/duplicates?state=`: groups with a pair still to decide, or the pairs set aside. */
export const DUPLICATE_REVIEW_STATES = ['open', 'ignored'] as const;
export type DuplicateReviewState = (typeof DUPLICATE_REVIEW_STATES)[number];

/** How a pair was found: the same SHA-256, or perceptual hashes within the search radius. */
export type DuplicateMatch = 'exact' | 'near';

/** An asset of a group as the user sees it, with a folder to act from (send to the junk). */
export interface DuplicateAsset extends AssetSummary {
  /** One of its folders outside the junk: where it is acted on from (an asset only in the junk is in no group). */
  folderId: string;
}

export interface DuplicatePair {
  /** The two assets, `a` < `b`. */
  a: string;
  b: string;
  match: DuplicateMatch;
  /** Hamming distance of the 64-bit perceptual hashes (0 for the same bytes). */
  distance: number;
  decision: DuplicateDecision | null;
  /** With `same`: the asset kept. */
  kept: string | null;
  /** Who decided: their name, else the username. */
  decidedBy: string | null;
  /** ISO 8601. */
  decidedAt: string | null;
}

/** Assets linked by candidate pairs; an open group has at least one pair without a decision. */
export interface DuplicateGroup {
  assets: DuplicateAsset[];
  pairs: DuplicatePair[];
}

export interface DuplicateReviewResponse {
  groups: DuplicateGroup[];
}

/** `PUT /api/duplicates/decision`. */
export interface DuplicateDecisionRequest {
  a: string;
  b: string;
  decision: DuplicateDecision;
  /** With `same`: the asset kept; the other goes to the junk. */
  keep?: string;
  /** With `same`: the folder the junked asset is seen in (the workflow's delete acts from it). */
  folderId?: string;
  /**
   * With `same`: the junked asset's tags and metadata values the kept one lacks are added to it
   * (as a bulk add, from `keptFolderId`).
   */
  merge?: boolean;
  /** With `merge`: the folder the kept asset is seen in. */
  keptFolderId?: string;
}

/** The decision saved; with `same`, the job that sends the other asset to the junk. */
export interface DuplicateDecisionResponse {
  pair: DuplicatePair;
  jobId: string | null;
  /** With `merge`: the bulk add of what the kept asset lacked; null when it lacked nothing. */
  mergeJobId: string | null;
}

/** The two ids of a pair in its stored order. */
export function pairOf(x: string, y: string): { a: string; b: string } {
  return x < y ? { a: x, b: y } : { a: y, b: x };
}

/**
 * Who reviews duplicates: the maker's people who work on the archive. Suppliers, observers and
 * basic users do not decide what the archive keeps (the hub refuses them; the web hides the page).
 */
export const DUPLICATE_REVIEW_ROLES: readonly Role[] = [
  'user',
  'approver',
  'admin',
  'multi-department',
  'branch-sharing',
];

/**
 * A department group gives every member 'user', observers and basic users too: their restriction
 * wins as it picks their default view (`primaryRoleOf`), unless they also approve.
 */
const NOT_REVIEWING: readonly Role[] = ['supplier', 'observer', 'basic_user'];

export function mayReviewDuplicates(roles: readonly Role[]): boolean {
  return (
    !NOT_REVIEWING.includes(primaryRoleOf(roles)) && roles.some((r) => DUPLICATE_REVIEW_ROLES.includes(r))
  );
}

/** One file the user is about to upload, as the browser measured it (issue 27: the upload check). */
export interface FileFingerprint {
  name: string;
  /** Lowercase hex; null for a file past LIMITS.uploadCheckHashMaxBytes. */
  sha256: string | null;
  /** differenceHashOf the picture; null for what is not a picture the browser can draw. */
  dhash: string | null;
}

/** `POST /api/duplicates/check`: at most LIMITS.uploadCheckFilesMax files. */
export interface UploadCheckFilesRequest {
  files: FileFingerprint[];
  lang?: Language;
}

/** What the archive already holds of one file, among the assets the user reads. */
export interface FileMatches {
  name: string;
  /** The same bytes. */
  exact: DuplicateAsset[];
  /** A similar picture, closest first. */
  near: (DuplicateAsset & { distance: number })[];
}

export interface UploadCheckFilesResponse {
  files: FileMatches[];
}
