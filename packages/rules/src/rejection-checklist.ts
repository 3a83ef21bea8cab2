/**
 * The rejection carried over to a new version (issue 27 point 3): the drawing made when version N
 * was rejected becomes, on version N+1, a checklist of its regions that an approver marks "fixed",
 * "not fixed" or "n/a" before accepting. Regions are computed from the drawing alone, the same way
 * by the hub and the web, so a region's number means one thing everywhere.
 */

import type { AssetWorkflowInfo, DrawingDocument } from './workflow';
import { drawingContentVersion, parseDrawing } from './workflow';

export const CHECKLIST_MARKS = ['fixed', 'notFixed', 'na'] as const;
export type ChecklistMark = (typeof CHECKLIST_MARKS)[number];

/** Marks that let the version be accepted: the correction was made, or does not apply. */
export const ACCEPTING_MARKS: readonly ChecklistMark[] = ['fixed', 'na'];

/** A box in image-relative coordinates (0–1 both ways), as the drawing's points are. */
export interface RegionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One thing the rejection pointed at: strokes drawn over or next to each other. */
export interface DrawingRegion {
  /** 1, 2, 3… in the order the regions were first drawn. */
  number: number;
  /** Indexes of the drawing's strokes that make it. */
  strokes: number[];
  box: RegionBox;
}

/**
 * Strokes whose boxes, each grown by this much of the image on every side, touch belong to one
 * region: a circle drawn in two strokes, or an arrow and the ring it points at, are one correction.
 */
export const REGION_MARGIN = 0.02;

const clampUnit = (n: number) => Math.min(1, Math.max(0, n));
/** To the drawing's own precision (drawing.ts `unit`), so hub and web agree to the digit. */
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const roundedBox = (b: RegionBox): RegionBox => ({
  x: round4(b.x),
  y: round4(b.y),
  width: round4(b.width),
  height: round4(b.height),
});

function boxOfStroke(points: readonly [number, number][], width: number): RegionBox {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = width / 2;
  const x = clampUnit(Math.min(...xs) - pad);
  const y = clampUnit(Math.min(...ys) - pad);
  return { x, y, width: clampUnit(Math.max(...xs) + pad) - x, height: clampUnit(Math.max(...ys) + pad) - y };
}

function touch(a: RegionBox, b: RegionBox, margin: number): boolean {
  return (
    a.x - margin <= b.x + b.width + margin &&
    b.x - margin <= a.x + a.width + margin &&
    a.y - margin <= b.y + b.height + margin &&
    b.y - margin <= a.y + a.height + margin
  );
}

function union(a: RegionBox, b: RegionBox): RegionBox {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** The regions of a drawing, numbered in the order they were first drawn. */
export function drawingRegions(drawing: DrawingDocument): DrawingRegion[] {
  const boxes = drawing.strokes.map((s) => boxOfStroke(s.points, s.width));
  // Union–find over the strokes, joined while their grown boxes touch; the grown region box is
  // compared again after each join, so a chain of strokes ends as one region.
  let groups = boxes.map((box, i) => ({ strokes: [i], box }));
  for (let joined = true; joined;) {
    joined = false;
    outer: for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++)
        if (touch(groups[i]!.box, groups[j]!.box, REGION_MARGIN)) {
          groups[i] = {
            strokes: [...groups[i]!.strokes, ...groups[j]!.strokes].sort((a, b) => a - b),
            box: union(groups[i]!.box, groups[j]!.box),
          };
          groups = groups.filter((_, k) => k !== j);
          joined = true;
          break outer;
        }
  }
  return groups
    .sort((a, b) => a.strokes[0]! - b.strokes[0]!)
    .map((g, i) => ({ number: i + 1, strokes: g.strokes, box: roundedBox(g.box) }));
}

/** A rejection drawn on an earlier version, to be checked on the version shown. */
export interface CarriedRejection {
  /** The version that was rejected with this drawing. */
  drawnOn: number;
  drawing: DrawingDocument;
  regions: DrawingRegion[];
}

/**
 * The rejection of an earlier version that `version` must answer: a drawing stamped with an older
 * version on an asset not rejected again since (a rejected asset waits for its next version). The
 * last step's accept removes note and drawing, so an accepted asset carries none.
 */
export function carriedRejectionOf(
  workflow: Pick<AssetWorkflowInfo, 'canvas' | 'rejected'>,
  version: number,
): CarriedRejection | null {
  if (workflow.rejected || !workflow.canvas) return null;
  const drawing = parseDrawing(workflow.canvas);
  if (!drawing?.strokes.length) return null;
  const drawnOn = drawingContentVersion(drawing);
  if (drawnOn >= version) return null;
  return { drawnOn, drawing, regions: drawingRegions(drawing) };
}

/** One region's mark on a version, who set it and when. */
export interface ChecklistEntry {
  region: number;
  mark: ChecklistMark;
  /** On the hub's answers the person's name, the username when the directory has none. */
  markedBy: string;
  /** ISO 8601. */
  markedAt: string;
}

/** The checklist of the version shown (`GET /api/assets/:id` → `checklist`). */
export interface RejectionChecklist {
  /** The version being checked: the asset's current one. */
  version: number;
  drawnOn: number;
  /** How many regions the drawing has (numbered 1…regions). */
  regions: number;
  marks: ChecklistEntry[];
}

/** `PUT /api/workflow/checklist`: one region's mark on the current version; null clears it. */
export interface ChecklistMarkRequest {
  contentId: string;
  /** The folder the approver works from (the view decides, as for accept). */
  folderId: string;
  /** The version the approver looked at: a newer one since is refused (CHECKLIST_STALE). */
  version: number;
  region: number;
  mark: ChecklistMark | null;
}

export interface ChecklistProgress {
  /** Regions with any mark. */
  checked: number;
  /** Regions without a mark. */
  open: number[];
  notFixed: number[];
  /** Every region is "fixed" or "n/a": the version may be accepted. */
  complete: boolean;
}

/** How far the checklist of `regions` regions is, from its marks. */
export function checklistProgress(
  regions: number,
  marks: readonly Pick<ChecklistEntry, 'region' | 'mark'>[],
): ChecklistProgress {
  const byRegion = new Map(marks.map((m) => [m.region, m.mark]));
  const open: number[] = [];
  const notFixed: number[] = [];
  for (let region = 1; region <= regions; region++) {
    const mark = byRegion.get(region);
    if (!mark) open.push(region);
    else if (mark === 'notFixed') notFixed.push(region);
  }
  return {
    checked: regions - open.length,
    open,
    notFixed,
    complete: open.length === 0 && notFixed.length === 0,
  };
}

/**
 * The strokes of the regions still "not fixed": the new rejection starts from them, so what is
 * still wrong is pointed at again on the version that still has it.
 */
export function strokesOfRegions(
  rejection: Pick<CarriedRejection, 'drawing' | 'regions'>,
  regions: readonly number[],
): DrawingDocument {
  const wanted = new Set(
    rejection.regions.filter((r) => regions.includes(r.number)).flatMap((r) => r.strokes),
  );
  return { version: 1, strokes: rejection.drawing.strokes.filter((_, i) => wanted.has(i)) };
}
