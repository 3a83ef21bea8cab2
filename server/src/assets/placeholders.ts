import type { ContentType } from '@paddock/rules';

const COLOURS: Record<ContentType, string> = {
  IMAGE: '#5b7fa6',
  VIDEO: '#8a5ba6',
  AUDIO: '#5ba67a',
  DOCUMENT: '#a6825b',
};

/**
 * What a thumbnail or preview shows while its derivative does not exist yet (or could not be made):
 * a flat card naming the content type, so the grid never has holes.
 */
export function placeholderSvg(type: ContentType): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">` +
    `<rect width="320" height="240" fill="${COLOURS[type]}"/>` +
    `<text x="160" y="128" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${type}</text>` +
    `</svg>`
  );
}

export function isContentType(value: string): value is ContentType {
  return value in COLOURS;
}
