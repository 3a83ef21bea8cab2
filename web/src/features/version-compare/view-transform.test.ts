import {
  FIT,
  fittedSize,
  focusOn,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  stagePoint,
  zoomAt,
  zoomStep,
  type Point,
  type ViewTransform,
} from './view-transform';

/** Where an image point (fractions of the fitted image, from its centre) shows, from the pane's centre. */
const onScreen = (t: ViewTransform, imagePoint: Point): Point => ({
  x: t.x + imagePoint.x * t.scale,
  y: t.y + imagePoint.y * t.scale,
});
/** The image point shown at a pane point. */
const imagePointAt = (t: ViewTransform, point: Point): Point => ({
  x: (point.x - t.x) / t.scale,
  y: (point.y - t.y) / t.scale,
});

const pane = { width: 800, height: 600 };
const landscape = fittedSize(2, pane);

describe('fittedSize', () => {
  it('fits the image whole, its proportions kept, enlarged if need be', () => {
    expect(fittedSize(2, pane)).toEqual({ width: 800, height: 400 });
    expect(fittedSize(0.5, pane)).toEqual({ width: 300, height: 600 });
    expect(fittedSize(4 / 3, { width: 80, height: 60 })).toEqual({ width: 80, height: 60 });
  });
});

describe('stagePoint', () => {
  it('turns pixels from the pane centre into fractions of the fitted image', () => {
    expect(stagePoint({ x: 200, y: -100 }, landscape)).toEqual({ x: 0.25, y: -0.25 });
  });

  it('is the centre while nothing is laid out', () => {
    expect(stagePoint({ x: 200, y: -100 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });
});

describe('zoomAt', () => {
  it('keeps the image point under the cursor where it was', () => {
    const start: ViewTransform = { scale: 2, x: 0.1, y: -0.2 };
    const cursor = { x: 0.3, y: 0.15 };
    const under = imagePointAt(start, cursor);
    for (const factor of [1.5, 2, 1 / 1.5]) {
      const zoomed = zoomAt(start, factor, cursor);
      expect(zoomed.scale).toBeCloseTo(start.scale * factor, 5);
      expect(onScreen(zoomed, under).x).toBeCloseTo(cursor.x, 5);
      expect(onScreen(zoomed, under).y).toBeCloseTo(cursor.y, 5);
    }
  });

  it('zooms about the centre when the point is the centre', () => {
    expect(zoomAt(FIT, 2, { x: 0, y: 0 })).toEqual({ scale: 2, x: 0, y: 0 });
  });

  it('never zooms past the largest scale', () => {
    expect(zoomAt({ scale: 6, x: 0, y: 0 }, 4, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
  });

  it('comes back to fit, centred, at the smallest scale', () => {
    expect(zoomAt({ scale: 1.5, x: 0.3, y: -0.2 }, 0.1, { x: 0.4, y: 0.4 })).toEqual(FIT);
    expect(MIN_SCALE).toBe(1);
  });
});

describe('zoomStep', () => {
  it('steps by half doublings, landing exactly on 200 %, 400 %, 800 % and back on fit', () => {
    const scales: number[] = [];
    let t = FIT;
    for (let i = 0; i < 7; i++) scales.push((t = zoomStep(t, 1)).scale);
    expect(scales).toEqual([2 ** 0.5, 2, 2 ** 1.5, 4, 2 ** 2.5, 8, 8]);
    for (let i = 0; i < 6; i++) t = zoomStep(t, -1);
    expect(t).toEqual(FIT);
  });

  it('goes to the next step from a scale the wheel left between two', () => {
    expect(zoomStep({ scale: 1.7, x: 0, y: 0 }, 1).scale).toBe(2);
    expect(zoomStep({ scale: 1.7, x: 0, y: 0 }, -1).scale).toBeCloseTo(Math.SQRT2, 12);
  });

  it('zooms about the centre, keeping what is there', () => {
    const start: ViewTransform = { scale: 2, x: 0.4, y: -0.3 };
    const centre = imagePointAt(start, { x: 0, y: 0 });
    const zoomed = zoomStep(start, 1);
    expect(onScreen(zoomed, centre).x).toBeCloseTo(0, 9);
    expect(onScreen(zoomed, centre).y).toBeCloseTo(0, 9);
  });
});

describe('panBy', () => {
  it('moves by the dragged pixels, in fractions of the fitted image', () => {
    expect(panBy({ scale: 4, x: 0, y: 0 }, 200, -100, landscape)).toEqual({ scale: 4, x: 0.25, y: -0.25 });
  });

  it('keeps the image where it is at fit', () => {
    expect(panBy(FIT, 200, -100, landscape)).toBe(FIT);
  });

  it('stops with the pane centre on the image edge, so the image never leaves the view', () => {
    const dragged = panBy({ scale: 2, x: 0, y: 0 }, 10_000, -10_000, landscape);
    expect(dragged).toEqual({ scale: 2, x: 1, y: -1 });
    // The image's left and bottom edges are at the pane's centre.
    expect(onScreen(dragged, { x: -0.5, y: 0.5 })).toEqual({ x: 0, y: 0 });
  });
});

describe('focusOn', () => {
  it('centres the region and has it fill 60 % of the pane', () => {
    const box = { x: 0.6, y: 0.2, width: 0.1, height: 0.1 };
    const t = focusOn(box, pane, landscape);
    const centre = onScreen(t, { x: 0.65 - 0.5, y: 0.25 - 0.5 });
    expect(centre.x).toBeCloseTo(0, 6);
    expect(centre.y).toBeCloseTo(0, 6);
    // 0.1 of 800 × 400: 80 × 40 px; the width limits first (0.6 × 800 / 80 = 6).
    expect(t.scale).toBe(6);
  });

  it('centres a region in a corner too', () => {
    const t = focusOn({ x: 0, y: 0.9, width: 0.1, height: 0.1 }, pane, landscape);
    const centre = onScreen(t, { x: 0.05 - 0.5, y: 0.95 - 0.5 });
    expect(centre.x).toBeCloseTo(0, 6);
    expect(centre.y).toBeCloseTo(0, 6);
  });

  it('stops at the largest scale for a tiny region, and at fit for a large one', () => {
    expect(focusOn({ x: 0.5, y: 0.5, width: 0.001, height: 0.001 }, pane, landscape).scale).toBe(MAX_SCALE);
    const whole = focusOn({ x: 0, y: 0, width: 1, height: 1 }, pane, landscape);
    expect(whole.scale).toBe(MIN_SCALE);
    expect(Math.abs(whole.x) + Math.abs(whole.y)).toBe(0);
  });
});
