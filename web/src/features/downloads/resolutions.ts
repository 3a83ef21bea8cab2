/** Image resolutions the dialog offers (SPEC §5): the original, or a box the image is fitted inside. */
export const IMAGE_RESOLUTIONS = ['original', '3840x2160', '1920x1080', '1280x720', '640x480'] as const;
export type ImageResolution = (typeof IMAGE_RESOLUTIONS)[number];

/** Video renditions: the original file, or the web proxy. */
export const VIDEO_RESOLUTIONS = ['original', 'web'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export interface PixelSize {
  width: number;
  height: number;
}

/** The box of a 'WxH' resolution; null for 'original'. */
export function boxOf(resolution: ImageResolution): PixelSize | null {
  if (resolution === 'original') return null;
  const [width, height] = resolution.split('x').map(Number);
  return { width, height };
}

/**
 * The chosen resolutions larger than the original in width or height (SPEC §5: warned about, and
 * left out of the ZIP for that image). Unknown original size: none can be named.
 */
export function exceedingResolutions(
  chosen: readonly ImageResolution[],
  original: Partial<PixelSize> | undefined,
): ImageResolution[] {
  if (!original?.width || !original.height) return [];
  const { width, height } = original as PixelSize;
  return chosen.filter((r) => {
    const box = boxOf(r);
    return box !== null && (box.width > width || box.height > height);
  });
}
