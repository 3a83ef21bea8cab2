export interface Size {
  width: number;
  height: number;
}

/** "Fit" or a scale of the image's actual pixels (1 = 100 %). */
export type PreviewZoom = 'fit' | number;

/** Fit first (the whole image, SPEC §2 preview), then actual pixels and closer. */
export const PREVIEW_ZOOMS: readonly PreviewZoom[] = ['fit', 1, 2, 4];

/**
 * The displayed size of an image shown whole inside `box`: its aspect ratio kept, never enlarged
 * beyond its actual pixels, whole pixels so the drawing layer covers exactly the image.
 */
export function fitSize(image: Size, box: Size): Size {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) return image;
  const scale = Math.min(1, box.width / image.width, box.height / image.height);
  return { width: Math.floor(image.width * scale), height: Math.floor(image.height * scale) };
}

/** The displayed size at a zoom: fitted into the viewport, or the actual pixels times the scale. */
export function displayedSize(image: Size, viewport: Size, zoom: PreviewZoom): Size {
  if (zoom === 'fit') return fitSize(image, viewport);
  return { width: Math.round(image.width * zoom), height: Math.round(image.height * zoom) };
}
