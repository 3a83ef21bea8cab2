import {
  DRAWING_LIMITS,
  drawingContentVersion,
  parseDrawing,
  type DrawingDocument,
  type DrawingStroke,
} from '@paddock/rules';

/** The pen colours of the reject drawing: visible on light and dark photos alike. */
export const PEN_COLORS = [
  { name: 'red', value: '#e11d48' },
  { name: 'amber', value: '#f59e0b' },
  { name: 'green', value: '#16a34a' },
  { name: 'blue', value: '#2563eb' },
  { name: 'black', value: '#111827' },
  { name: 'white', value: '#ffffff' },
] as const;
/** Pen width relative to the image width: about 4 px on a 800 px wide preview. */
export const PEN_WIDTH = 0.005;

export const EMPTY_DRAWING: DrawingDocument = { version: 1, strokes: [] };

const unit = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/** A pointer position over the drawing surface as image-relative coordinates (0–1 both ways). */
export function relativePoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): [number, number] {
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [unit((clientX - box.left) / box.width), unit((clientY - box.top) / box.height)];
}

/** Adds a point to a stroke unless it repeats the last one or the stroke is full. */
export function extendStroke(stroke: DrawingStroke, point: [number, number]): DrawingStroke {
  const last = stroke.points[stroke.points.length - 1];
  if (last && last[0] === point[0] && last[1] === point[1]) return stroke;
  if (stroke.points.length >= DRAWING_LIMITS.maxPointsPerStroke) return stroke;
  return { ...stroke, points: [...stroke.points, point] };
}

export function addStroke(drawing: DrawingDocument, stroke: DrawingStroke): DrawingDocument {
  if (drawing.strokes.length >= DRAWING_LIMITS.maxStrokes) return drawing;
  return { ...drawing, strokes: [...drawing.strokes, stroke] };
}

export function undoStroke(drawing: DrawingDocument): DrawingDocument {
  return { ...drawing, strokes: drawing.strokes.slice(0, -1) };
}

/** The `canvas` field of a reject: the drawing as JSON, or undefined when nothing was drawn. */
export function serialiseDrawing(drawing: DrawingDocument): string | undefined {
  return drawing.strokes.length ? JSON.stringify(drawing) : undefined;
}

/** A stored reject drawing and the content version it was drawn on. */
export interface StoredDrawing {
  drawing: DrawingDocument;
  version: number;
  /** Drawn on the version shown: only then does it go over the preview. */
  current: boolean;
}

/**
 * The stored drawing of an asset (`jsoncanvas`) as seen on version `shownVersion`, or null when
 * there is none or it cannot be read.
 */
export function storedDrawing(canvas: string | null, shownVersion: number): StoredDrawing | null {
  if (!canvas) return null;
  const drawing = parseDrawing(canvas);
  if (!drawing?.strokes.length) return null;
  const version = drawingContentVersion(drawing);
  return { drawing, version, current: version === shownVersion };
}
