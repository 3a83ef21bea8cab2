import { plateKey } from './enrichment';
import { LIMITS, type Language } from './limits';
/**
 * Plates blurred before they leave (issue 28 point 1, docs/plates.md): a detector proposes boxes
 * over licence plates on an image, a person adds, moves or removes them, and every rendition an
 * external share serves is rendered with the boxes blurred. Defined once for the hub, the built-in
 * provider and the web.
 */

/**
 * A box over a plate in fractions of the picture's width and height (0..1, origin top left), so
 * one box holds at every size the picture is rendered at.
 */
export interface PlateBoxShape {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Who drew a box: the detector, or a person. */
export const PLATE_BOX_SOURCES = ['auto', 'manual'] as const;
export type PlateBoxSource = (typeof PLATE_BOX_SOURCES)[number];

export interface PlateBox extends PlateBoxShape {
  source: PlateBoxSource;
}

/**
 * Where an image's boxes stand: `none` nothing has looked at it yet (or it is no image);
 * `detecting` the detection job runs; `proposed` the detector's boxes, not reviewed by a person;
 * `confirmed` a person saved the boxes (none at all means "no plate to blur in this picture").
 */
export const PLATE_STATES = ['none', 'detecting', 'proposed', 'confirmed'] as const;
export type PlateState = (typeof PLATE_STATES)[number];

/** `GET /api/assets/:id/plates` and the answer of a save. */
export interface PlateBoxesView {
  assetId: string;
  state: PlateState;
  boxes: PlateBox[];
  /** A plate is recorded in the asset's VIN and plate pairs (targa-N has a value). */
  plateRecorded: boolean;
  /** Whether the caller may save boxes or run the detection again. */
  mayEdit: boolean;
  /** Who confirmed the boxes last (their name as the directory knows it), and when (ISO 8601); absent until a person confirms. */
  confirmedBy?: string;
  confirmedAt?: string;
}

/**
 * `POST /api/plates/views`: many images' views in one request (an external share's check). As many
 * ids as a share holds (LIMITS.externalShareMaxFiles), each once; `lang` names the assets (nameIn).
 */
export interface PlateViewsRequest {
  assetIds: string[];
  lang?: Language;
}

/** A view with the asset's name in the asked language and its extension, for the web's displayName. */
export interface NamedPlateBoxesView extends PlateBoxesView {
  name: string;
  extension: string;
}

/** The answer of `POST /api/plates/views`, in the order of the ids asked. */
export interface PlateViewsAnswer {
  views: NamedPlateBoxesView[];
}

/** `PUT /api/assets/:id/plates`: the boxes a person confirms; they replace all the others. */
export interface SavePlateBoxesRequest {
  boxes: PlateBoxShape[];
}

/** `POST /api/assets/:id/plates/detect` answers the durable job that looks again. */
export interface DetectPlatesResult {
  jobId: string;
}

/** More boxes than anyone draws on one photo; a bound on what a request may carry. */
export const PLATE_BOXES_MAX = 20;

/**
 * The provider metadata key holding an image's boxes (a JSON `PlateRecord`). Reserved for the
 * hub's service account (RESERVED_METADATA_KEYS): a user calling the provider directly can neither
 * change nor remove them, and the built-in provider's share page reads them to blur what it serves.
 */
export const PLATE_BOXES_METADATA = 'plate_boxes';

/** What PLATE_BOXES_METADATA holds. */
export interface PlateRecord {
  state: Exclude<PlateState, 'none' | 'detecting'>;
  boxes: PlateBox[];
  confirmedBy?: string;
  confirmedAt?: string;
  /** The last on-demand detection's job: while it runs, the view says `detecting`. */
  detectJobId?: string;
}

/** The whole picture: what a record that cannot be read blurs, rather than serve a plate. */
const WHOLE_PICTURE: PlateBox = { x: 0, y: 0, w: 1, h: 1, source: 'auto' };

/**
 * An image's record from its metadata, null when it has none. A value that does not parse (only
 * the service account writes it, so never expected) blurs the whole picture: fail closed.
 */
export function plateRecordOf(metadata: readonly { key: string; value: string }[]): PlateRecord | null {
  const value = metadata.find((m) => m.key === PLATE_BOXES_METADATA)?.value;
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(value) as Partial<PlateRecord> | null;
    const boxes = parsed?.boxes;
    const state = parsed?.state;
    if (
      (state === 'proposed' || state === 'confirmed') &&
      Array.isArray(boxes) &&
      plateBoxesProblem(boxes) === null &&
      boxes.every((b) => (PLATE_BOX_SOURCES as readonly unknown[]).includes(b.source))
    )
      return parsed as PlateRecord;
  } catch {
    // Falls through to the fail-closed record.
  }
  return { state: 'proposed', boxes: [WHOLE_PICTURE] };
}

const PLATE_KEYS = new Set(Array.from({ length: LIMITS.vinPlatePairsMax }, (_, i) => plateKey(i + 1)));

/** Whether a plate is recorded in the asset's VIN and plate pairs: some `targa-N` has a value. */
export function plateRecordedIn(metadata: readonly { key: string; value: string }[]): boolean {
  return metadata.some((m) => PLATE_KEYS.has(m.key) && m.value.trim() !== '');
}

/** The smallest side of a box, as a fraction of the picture's side: smaller is a slip of the mouse. */
export const PLATE_BOX_MIN_SIDE = 0.005;

export const PLATE_ERROR_CODES = {
  /** Boxes for an asset that is not an image: refused, nothing changed. */
  NOT_AN_IMAGE: 'PLATES_NOT_AN_IMAGE',
  /** A box outside the picture, too small, or too many boxes: refused, nothing changed. */
  INVALID_BOXES: 'PLATES_INVALID_BOXES',
  /**
   * An external share of an image whose plate is recorded and which has no box and no person's
   * "no plate to blur": the share asks for a box first (the refusal names the assets).
   */
  BOX_REQUIRED: 'PLATE_BOX_REQUIRED',
} as const;
export type PlateErrorCode = (typeof PLATE_ERROR_CODES)[keyof typeof PLATE_ERROR_CODES];

/** Why a set of boxes is refused, or null when it may be saved. Server and web ask the same. */
export function plateBoxesProblem(
  boxes: readonly PlateBoxShape[],
): 'tooMany' | 'outside' | 'tooSmall' | null {
  if (boxes.length > PLATE_BOXES_MAX) return 'tooMany';
  for (const b of boxes) {
    const values = [b.x, b.y, b.w, b.h];
    if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return 'outside';
    if (b.x < 0 || b.y < 0 || b.x + b.w > 1 + 1e-9 || b.y + b.h > 1 + 1e-9) return 'outside';
    if (b.w < PLATE_BOX_MIN_SIDE || b.h < PLATE_BOX_MIN_SIDE) return 'tooSmall';
  }
  return null;
}

/**
 * Whether an external share must ask for a box first: a plate is recorded, the picture has no box,
 * and no person has confirmed that there is nothing to blur.
 */
export function plateBoxRequired(view: Pick<PlateBoxesView, 'state' | 'boxes' | 'plateRecorded'>): boolean {
  return view.plateRecorded && view.boxes.length === 0 && view.state !== 'confirmed';
}
