import type { PlateBoxShape } from '@paddock/rules';

/** A detection in pixels of the picture it was found in. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What one scale of the detector found, with the size of the picture it looked at. */
export interface ScaleDetections {
  width: number;
  height: number;
  rects: readonly PixelRect[];
}

/** Boxes overlapping more than this (intersection over union) are one plate seen twice. */
export const NMS_IOU = 0.3;

/** How much each side of a box grows: a plate's border and the screws are blurred too. */
export const PLATE_PAD = 0.18;

function area(b: PlateBoxShape): number {
  return b.w * b.h;
}

function overlapOf(a: PlateBoxShape, b: PlateBoxShape): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function intersectionOverUnion(a: PlateBoxShape, b: PlateBoxShape): number {
  const overlap = overlapOf(a, b);
  return overlap / (area(a) + area(b) - overlap);
}

/**
 * One box per plate: of boxes that overlap (or where one holds most of the other, as a plate found
 * at two scales does), the union is kept, so the blur covers what every scale saw.
 */
export function nonMaxSuppression(boxes: readonly PlateBoxShape[], iou = NMS_IOU): PlateBoxShape[] {
  const kept: PlateBoxShape[] = [];
  for (const box of [...boxes].sort((a, b) => area(b) - area(a))) {
    // Sorted largest first, so `box` is the smaller: mostly inside a kept one is the same plate.
    const same = kept.findIndex(
      (k) => intersectionOverUnion(k, box) > iou || overlapOf(k, box) >= 0.6 * area(box),
    );
    if (same < 0) kept.push(box);
    else kept[same] = unionOf(kept[same]!, box);
  }
  return kept;
}

function unionOf(a: PlateBoxShape, b: PlateBoxShape): PlateBoxShape {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** The box grown by `pad` of its size on every side, kept inside the picture. */
export function padBox(box: PlateBoxShape, pad = PLATE_PAD): PlateBoxShape {
  const x = Math.max(0, box.x - box.w * pad);
  const y = Math.max(0, box.y - box.h * pad);
  const right = Math.min(1, box.x + box.w * (1 + pad));
  const bottom = Math.min(1, box.y + box.h * (1 + pad));
  return { x, y, w: right - x, h: bottom - y };
}

/** Every scale's detections as fractions of the picture, merged into one box per plate, padded. */
export function mergeDetections(scales: readonly ScaleDetections[], pad = PLATE_PAD): PlateBoxShape[] {
  const all = scales.flatMap((s) =>
    s.rects.map((r) => ({
      x: r.x / s.width,
      y: r.y / s.height,
      w: r.width / s.width,
      h: r.height / s.height,
    })),
  );
  return nonMaxSuppression(all).map((b) => padBox(b, pad));
}
