import sharp from 'sharp';
import { PREVIEW_BOX, THUMB_BOX, type Rendition } from './image';

const COLOURS: Record<string, string> = {
  psd: '#31a8ff',
  psb: '#31a8ff',
  ai: '#ff9a00',
  eps: '#b75d1b',
  ps: '#b75d1b',
  doc: '#2b579a',
  docx: '#2b579a',
  rtf: '#2b579a',
  odt: '#2b579a',
  xls: '#217346',
  xlsx: '#217346',
  ods: '#217346',
  ppt: '#d24726',
  pptx: '#d24726',
  pps: '#d24726',
  ppsx: '#d24726',
  odp: '#d24726',
  zip: '#6b7280',
  audio: '#7c3aed',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A typed placeholder: the file's extension on a card in its family's colour (no preview tool). */
export async function placeholder(
  label: string,
  colourKey = label,
): Promise<{ preview: Rendition; thumb: Rendition }> {
  const text = escapeXml(label.toUpperCase().slice(0, 6) || 'FILE');
  const colour = COLOURS[colourKey.toLowerCase()] ?? '#4b5563';
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_BOX}" height="${PREVIEW_BOX}" viewBox="0 0 400 400">` +
      `<rect width="400" height="400" fill="#f3f4f6"/>` +
      `<path d="M110 50h130l60 60v240H110z" fill="#ffffff" stroke="${colour}" stroke-width="8"/>` +
      `<path d="M240 50v60h60" fill="none" stroke="${colour}" stroke-width="8"/>` +
      `<rect x="80" y="210" width="240" height="80" rx="10" fill="${colour}"/>` +
      `<text x="200" y="266" font-family="sans-serif" font-weight="bold" font-size="48" fill="#ffffff" text-anchor="middle">${text}</text>` +
      `</svg>`,
  );
  const render = async (box: number): Promise<Rendition> => {
    const { data, info } = await sharp(svg).resize(box, box).png().toBuffer({ resolveWithObject: true });
    return { data, mimeType: 'image/png', extension: 'png', width: info.width, height: info.height };
  };
  return { preview: await render(1024), thumb: await render(THUMB_BOX) };
}
