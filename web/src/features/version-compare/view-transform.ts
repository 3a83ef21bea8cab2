import type { RegionBox } from '@paddock/rules';

/**
 * The zoom and pan both panes of the compare view share. `scale` 1 is the image fitted whole to
 * its pane; `x` and `y` move the fitted image box by these fractions of its own width and height
 * (the box drawn `scale` times the fitted size, its centre moved by x and y). Image-relative, not pane
 * pixels: the two versions may differ in proportions, and the same transform must then still show
 * the same part of each.
 */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** An offset from the pane's centre, where the fitted image's centre sits. */
export interface Point {
  x: number;
  y: number;
}

export const FIT: ViewTransform = { scale: 1, x: 0, y: 0 };
export const MIN_SCALE = 1;
export const MAX_SCALE = 8;
/** Zoom steps per doubling of the scale: the buttons go 100 %, 141 %, 200 %, 283 %, 400 %… */
const STEPS_PER_DOUBLING = 2;
/** The share of the pane a focused region fills. */
const FOCUS_FILL = 0.6;

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * The pane's centre stays over the image: some of it is always in view, and any point of it,
 * corners included, can be brought to the centre.
 */
function clampPan(t: ViewTransform): ViewTransform {
  const limit = t.scale / 2;
  const clamp = (n: number) => Math.min(limit, Math.max(-limit, n));
  return { scale: t.scale, x: clamp(t.x), y: clamp(t.y) };
}

/** The box of an image of this aspect ratio (width over height) shown whole in the pane. */
export function fittedSize(aspectRatio: number, pane: Size): Size {
  const width = Math.min(pane.width, pane.height * aspectRatio);
  return { width, height: width / aspectRatio };
}

/** CSS pixels into fractions of the fitted image; 0 while it has no size yet (nothing laid out). */
const fraction = (pixels: number, length: number) => (length > 0 ? pixels / length : 0);

/** A pointer's offset from the pane's centre, in fractions of the fitted image `stage`. */
export function stagePoint(offset: Point, stage: Size): Point {
  return { x: fraction(offset.x, stage.width), y: fraction(offset.y, stage.height) };
}

/**
 * Zoomed by `factor` about `point` (from `stagePoint`): the image point under it stays under it,
 * unless the scale or the pan hits its limit. Back at the smallest scale the image is centred again.
 */
export function zoomAt(t: ViewTransform, factor: number, point: Point): ViewTransform {
  return zoomTo(t, t.scale * factor, point);
}

/**
 * One step in (1) or out (-1) about the centre, to the next scale of the steps whatever the wheel
 * left: the steps are computed, not multiplied, so going in and back out lands exactly on fit.
 */
export function zoomStep(t: ViewTransform, direction: 1 | -1): ViewTransform {
  const level = Math.log2(t.scale) * STEPS_PER_DOUBLING;
  // A hair of tolerance: 2 ** (1 / 2) read back through log2 is not exactly 1 / 2.
  const next = direction > 0 ? Math.floor(level + 1e-9) + 1 : Math.ceil(level - 1e-9) - 1;
  return zoomTo(t, 2 ** (next / STEPS_PER_DOUBLING), { x: 0, y: 0 });
}

function zoomTo(t: ViewTransform, target: number, point: Point): ViewTransform {
  const scale = clampScale(target);
  if (scale === MIN_SCALE) return FIT;
  // The image point under `point`, from the fitted image's centre, before and after.
  const under = { x: (point.x - t.x) / t.scale, y: (point.y - t.y) / t.scale };
  return clampPan({ scale, x: point.x - under.x * scale, y: point.y - under.y * scale });
}

/**
 * Dragged by `dx`, `dy` CSS pixels over a pane whose fitted image is `stage`. At fit the image
 * stays put: all of it is already in view.
 */
export function panBy(t: ViewTransform, dx: number, dy: number, stage: Size): ViewTransform {
  if (t.scale <= MIN_SCALE) return t;
  return clampPan({
    scale: t.scale,
    x: t.x + fraction(dx, stage.width),
    y: t.y + fraction(dy, stage.height),
  });
}

/**
 * The transform that centres a region `box` (0–1 of the image) and has it fill about 60 % of the
 * pane, within the scale limits.
 */
export function focusOn(box: RegionBox, pane: Size, stage: Size): ViewTransform {
  const fill = (paneLength: number, boxLength: number) =>
    boxLength > 0 ? (FOCUS_FILL * paneLength) / boxLength : Infinity;
  const scale = clampScale(
    Math.min(fill(pane.width, box.width * stage.width), fill(pane.height, box.height * stage.height)),
  );
  return clampPan({
    scale,
    x: -scale * (box.x + box.width / 2 - 0.5),
    y: -scale * (box.y + box.height / 2 - 0.5),
  });
}
