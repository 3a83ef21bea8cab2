import { PLATE_BOX_MIN_SIDE, type PlateBox, type PlateBoxShape } from '@paddock/rules';

/** A point on the picture in fractions of its width and height. */
export interface Point {
  x: number;
  y: number;
}

/** How far one arrow key moves or resizes a box: a hundredth of the picture. */
const KEY_STEP = 0.01;

const unit = (value: number) => Math.min(1, Math.max(0, value));

/** Where a pointer is on the picture's rectangle, kept on the picture. */
export function pointIn(clientX: number, clientY: number, rect: DOMRect | DOMRectReadOnly): Point {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  return { x: unit((clientX - rect.left) / rect.width), y: unit((clientY - rect.top) / rect.height) };
}

/** The box a drag from `start` to `end` spans, whichever way it went. */
export function boxBetween(start: Point, end: Point): PlateBoxShape {
  return {
    x: Math.min(start.x, end.x),
    y: Math.min(start.y, end.y),
    w: Math.abs(end.x - start.x),
    h: Math.abs(end.y - start.y),
  };
}

/** Whether a drag drew a box, rather than being a click (a box that small would be refused). */
export function isDrawn(box: PlateBoxShape): boolean {
  return box.w >= PLATE_BOX_MIN_SIDE && box.h >= PLATE_BOX_MIN_SIDE;
}

/** The box moved by (dx, dy), stopped at the picture's edges, its size kept. */
export function moveBox<B extends PlateBoxShape>(box: B, dx: number, dy: number): B {
  return {
    ...box,
    x: Math.min(1 - box.w, Math.max(0, box.x + dx)),
    y: Math.min(1 - box.h, Math.max(0, box.y + dy)),
  };
}

/** The box grown by (dw, dh) from its bottom-right corner, within the picture and never below the smallest side. */
export function resizeBox<B extends PlateBoxShape>(box: B, dw: number, dh: number): B {
  return {
    ...box,
    w: Math.min(1 - box.x, Math.max(PLATE_BOX_MIN_SIDE, box.w + dw)),
    h: Math.min(1 - box.y, Math.max(PLATE_BOX_MIN_SIDE, box.h + dh)),
  };
}

/** A box a person changed is theirs: it is shown as drawn by hand from then on. */
export function byHand(box: PlateBoxShape): PlateBox {
  return { x: box.x, y: box.y, w: box.w, h: box.h, source: 'manual' };
}

/** The (dx, dy) an arrow key asks for, or null for any other key. */
export function arrowStep(key: string): [number, number] | null {
  switch (key) {
    case 'ArrowLeft':
      return [-KEY_STEP, 0];
    case 'ArrowRight':
      return [KEY_STEP, 0];
    case 'ArrowUp':
      return [0, -KEY_STEP];
    case 'ArrowDown':
      return [0, KEY_STEP];
    default:
      return null;
  }
}
