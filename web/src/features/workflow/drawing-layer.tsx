import { Box, chakra } from '@chakra-ui/react';
import type { DrawingDocument, DrawingStroke } from '@paddock/rules';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { extendStroke, relativePoint, PEN_WIDTH } from './drawing';

interface DrawingLayerProps {
  drawing: DrawingDocument;
  label: string;
  /** With a pen the layer takes pointer input; without it the drawing is only shown. */
  pen?: { color: string; onStroke(stroke: DrawingStroke): void };
}

/** Width of the surface in CSS pixels, for pen widths that are relative to the image width. */
function useSurfaceWidth(element: SVGSVGElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

const pointsOf = (stroke: DrawingStroke) => stroke.points.map(([x, y]) => `${x},${y}`).join(' ');

/**
 * The drawing over the preview, in image-relative coordinates (viewBox 0–1, stretched over the
 * image), so it lines up at any display size or zoom. Strokes keep their on-screen width.
 */
export function DrawingLayer({ drawing, label, pen }: DrawingLayerProps) {
  const [surface, setSurface] = useState<SVGSVGElement | null>(null);
  const width = useSurfaceWidth(surface);
  const [current, setCurrent] = useState<DrawingStroke | null>(null);
  const drawingRef = useRef(current);
  drawingRef.current = current;

  const pointAt = (event: PointerEvent<SVGSVGElement>) =>
    relativePoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
  const finish = () => {
    const stroke = drawingRef.current;
    setCurrent(null);
    if (stroke && pen) pen.onStroke(stroke);
  };
  const strokes = current ? [...drawing.strokes, current] : drawing.strokes;

  return (
    <chakra.svg
      ref={setSurface}
      role="img"
      aria-label={label}
      data-testid={pen ? 'drawing-surface' : 'drawing-view'}
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      position="absolute"
      inset="0"
      w="full"
      h="full"
      cursor={pen ? 'crosshair' : undefined}
      pointerEvents={pen ? 'auto' : 'none'}
      style={{ touchAction: pen ? 'none' : undefined }}
      onPointerDown={
        pen
          ? (event) => {
              event.preventDefault();
              event.currentTarget.setPointerCapture?.(event.pointerId);
              setCurrent({ color: pen.color, width: PEN_WIDTH, points: [pointAt(event)] });
            }
          : undefined
      }
      onPointerMove={
        pen
          ? (event) => {
              const point = pointAt(event);
              setCurrent((stroke) => (stroke ? extendStroke(stroke, point) : stroke));
            }
          : undefined
      }
      onPointerUp={pen ? finish : undefined}
      onPointerCancel={pen ? finish : undefined}
    >
      {strokes.map((stroke, index) => (
        <polyline
          key={index}
          points={pointsOf(stroke)}
          fill="none"
          stroke={stroke.color}
          strokeWidth={Math.max(1, stroke.width * (width || 800))}
          strokeLinecap="round"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </chakra.svg>
  );
}

interface DrawingThumbnailProps {
  drawing: DrawingDocument;
  label: string;
  /** The image's width over its height, when known. */
  aspectRatio?: number;
}

/**
 * A drawing on its own, small, on a neutral box of the image's proportions: the rejection of an
 * earlier version, shown beside a preview it was not drawn on.
 */
export function DrawingThumbnail({ drawing, label, aspectRatio = 4 / 3 }: DrawingThumbnailProps) {
  return (
    <Box
      position="relative"
      w="full"
      maxW="48"
      bg="bg.subtle"
      borderWidth="1px"
      rounded="l1"
      overflow="hidden"
      style={{ aspectRatio }}
    >
      <DrawingLayer drawing={drawing} label={label} />
    </Box>
  );
}
