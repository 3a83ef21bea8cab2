/** A file's format by its first bytes, not its name: what previews and pre-flight both trust. */

export const MAGIC_FORMATS = [
  'jpeg',
  'png',
  'gif',
  'tiff',
  'webp',
  'heic',
  'avif',
  'psd',
  'eps',
  'mp4',
  'mov',
  'm4a',
  'mp3',
  'wav',
  'pdf',
  'zip',
] as const;
export type MagicFormat = (typeof MAGIC_FORMATS)[number];

/** How a format is named to people (the admin's list and the messages). */
export const MAGIC_FORMAT_LABELS: Record<MagicFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  gif: 'GIF',
  tiff: 'TIFF',
  webp: 'WebP',
  heic: 'HEIC/HEIF',
  avif: 'AVIF',
  psd: 'PSD',
  eps: 'EPS',
  mp4: 'MP4',
  mov: 'MOV',
  m4a: 'M4A',
  mp3: 'MP3',
  wav: 'WAV',
  pdf: 'PDF',
  zip: 'ZIP (Office)',
};

/** How many leading bytes formatOfMagicBytes needs: PDF readers accept the header anywhere in the first kilobyte. */
export const MAGIC_HEAD_LENGTH = 1024;

function ascii(head: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...head.subarray(start, end));
}

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
}

/** The ISO base media major brands (the `ftyp` box's, spaces trimmed) each format is written with. */
const FTYP_BRANDS: Readonly<Record<string, MagicFormat>> = Object.fromEntries(
  (
    [
      ['heic', 'heic heix hevc hevx heim heis hevm hevs mif1 msf1'],
      ['avif', 'avif avis'],
      ['mov', 'qt'],
      ['m4a', 'M4A M4B'],
      ['mp4', 'isom iso2 iso4 iso5 iso6 mp41 mp42 avc1 M4V dash MSNV XAVC 3gp4 3gp5'],
    ] as const
  ).flatMap(([format, brands]) => brands.split(' ').map((brand) => [brand, format])),
);

/**
 * ISO base media files (MP4, MOV, HEIC, AVIF, M4A) by their `ftyp` brand; a brand not listed
 * (Canon CR3's 'crx ', JPEG 2000's 'jp2 ') is no format a rule knows. QuickTime files older than
 * `ftyp` start with one of its top-level atoms.
 */
function isoMediaFormat(head: Uint8Array): MagicFormat | null | undefined {
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') return FTYP_BRANDS[ascii(head, 8, 12).trimEnd()] ?? null;
  return ['moov', 'mdat', 'wide', 'pnot'].includes(box) ? 'mov' : undefined;
}

/**
 * An MPEG-1/2 Layer III frame header: 11 sync bits, a version that is not the reserved one, layer
 * III (AAC's ADTS header has layer 0), a bitrate and a sample rate that are not the invalid ones.
 */
function isMp3Frame(head: Uint8Array): boolean {
  const [b0 = 0, b1 = 0, b2 = 0] = head;
  return (
    b0 === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 3) !== 1 &&
    ((b1 >> 1) & 3) === 1 &&
    b2 >> 4 !== 15 &&
    ((b2 >> 2) & 3) !== 3
  );
}

/** Signatures at fixed offsets; a file's extension or declared MIME type is never trusted. */
const SIGNATURES: readonly (readonly [MagicFormat, (head: Uint8Array) => boolean])[] = [
  ['jpeg', (h) => startsWith(h, [0xff, 0xd8, 0xff])],
  ['png', (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['gif', (h) => ['GIF87a', 'GIF89a'].includes(ascii(h, 0, 6))],
  // Camera RAW files (CR2, NEF, DNG) are TIFF containers too.
  ['tiff', (h) => startsWith(h, [0x49, 0x49, 0x2a, 0x00]) || startsWith(h, [0x4d, 0x4d, 0x00, 0x2a])],
  ['webp', (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP'],
  ['wav', (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WAVE'],
  ['psd', (h) => ascii(h, 0, 4) === '8BPS'],
  // PostScript EPS and Illustrator files, or the DOS EPS binary header before them.
  ['eps', (h) => ascii(h, 0, 4) === '%!PS' || startsWith(h, [0xc5, 0xd0, 0xd3, 0xc6])],
  // Word, PowerPoint, Excel and OpenDocument files are ZIP archives.
  ['zip', (h) => startsWith(h, [0x50, 0x4b, 0x03, 0x04])],
  ['mp3', (h) => ascii(h, 0, 3) === 'ID3' || isMp3Frame(h)],
];

/** The format of a file from its first MAGIC_HEAD_LENGTH bytes, or null when none is recognised. */
export function formatOfMagicBytes(head: Uint8Array): MagicFormat | null {
  const iso = isoMediaFormat(head);
  if (iso !== undefined) return iso;
  const signed = SIGNATURES.find(([, matches]) => matches(head));
  if (signed) return signed[0];
  return ascii(head, 0, MAGIC_HEAD_LENGTH).includes('%PDF-') ? 'pdf' : null;
}
