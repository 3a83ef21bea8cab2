import sharp from 'sharp';
import { formatOfMagicBytes } from './magic-bytes';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0]);

describe('formatOfMagicBytes', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['gif', bytes('GIF89a')],
    ['tiff', bytes('II', [0x2a, 0])],
    ['tiff', bytes('MM', [0, 0x2a])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['heic', ftyp('heic')],
    ['heic', ftyp('mif1')],
    ['avif', ftyp('avif')],
    ['mp4', ftyp('isom')],
    ['mp4', ftyp('mp42')],
    ['mov', ftyp('qt  ')],
    ['mov', bytes([0, 0, 0, 8], 'wide')],
    ['m4a', ftyp('M4A ')],
    ['psd', bytes('8BPS', [0, 1])],
    ['eps', bytes('%!PS-Adobe-3.0 EPSF-3.0')],
    ['eps', bytes([0xc5, 0xd0, 0xd3, 0xc6])],
    ['pdf', bytes('%PDF-1.7\n')],
    ['pdf', bytes(' '.repeat(500), '%PDF-1.4')],
    ['zip', bytes('PK', [3, 4])],
    ['mp3', bytes('ID3', [4, 0])],
    ['mp3', bytes([0xff, 0xfb, 0x90, 0x64])],
  ])('recognises %s', (format, head) => {
    expect(formatOfMagicBytes(head)).toBe(format);
  });

  it.each([
    ['nothing', bytes()],
    ['text', bytes('hello world')],
    ['an unknown ftyp brand (Canon CR3)', ftyp('crx ')],
    ['an AAC ADTS frame (layer 0)', bytes([0xff, 0xf1, 0x50, 0x80])],
    ['an MPEG Layer II frame', bytes([0xff, 0xfd, 0x90, 0x64])],
    ['a PDF header past the first kilobyte', bytes(' '.repeat(1024), '%PDF-1.4')],
    ['a RIFF of another kind', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
  ])('recognises nothing in %s', (_name, head) => {
    expect(formatOfMagicBytes(head)).toBeNull();
  });

  it('reads images sharp wrote', async () => {
    const image = sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } });
    expect(formatOfMagicBytes(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(formatOfMagicBytes(await image.clone().png().toBuffer())).toBe('png');
    expect(formatOfMagicBytes(await image.clone().webp().toBuffer())).toBe('webp');
    expect(formatOfMagicBytes(await image.clone().tiff().toBuffer())).toBe('tiff');
  });
});
