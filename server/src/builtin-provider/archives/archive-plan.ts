import type { ArchiveOptions } from './archives.dto';

/** What the plan needs to know of one content. */
export interface PlannedContent {
  id: string;
  contentType: string;
  version: number;
  /** The display name (a locale's name, else the file name). */
  name: string;
  sourceExtension: string;
  /** Pixel size of the image as displayed (EXIF orientation applied); null when unknown. */
  dimensions: { width: number; height: number } | null;
  /** Derivatives of the current version: kind → MIME type. */
  derivatives: Map<string, string>;
}

/** One file of the ZIP: the bytes of `kind`, resized to fit inside `fit` when set. */
export interface ArchiveEntry {
  name: string;
  contentId: string;
  version: number;
  kind: string;
  fit?: { width: number; height: number; format: ResizedFormat };
}

export type ResizedFormat = 'jpeg' | 'png' | 'webp';

/** Formats a resized image keeps; anything else (PSD, TIFF, HEIC…) becomes a JPEG. */
const KEPT_FORMATS: Record<string, { format: ResizedFormat; extension: string }> = {
  jpg: { format: 'jpeg', extension: 'jpg' },
  jpeg: { format: 'jpeg', extension: 'jpg' },
  png: { format: 'png', extension: 'png' },
  webp: { format: 'webp', extension: 'webp' },
};

const EXTENSION_OF_MIME: Record<string, string> = { 'video/mp4': 'mp4', 'audio/mp4': 'm4a' };

/**
 * The ZIP's entries, in content order. Images: one entry per requested resolution, except those
 * larger than the image in width or height — SPEC §5 skips them rather than upscale, the same rule
 * the download dialog warns about. Videos: the source and/or the web proxy (skipped when it does not
 * exist yet). Other types: the source. Names are `<name>_<label>.<ext>`, unique in the archive.
 */
export function planArchive(contents: PlannedContent[], options: ArchiveOptions): ArchiveEntry[] {
  const names = new UniqueNames();
  const entries: ArchiveEntry[] = [];
  const imageOptions = options.image.length ? [...new Set(options.image)] : ['SOURCE'];
  const videoOptions = options.video.length ? [...new Set(options.video)] : ['SOURCE'];
  for (const c of contents) {
    const base = baseNameOf(c);
    const source = (label: string) => ({
      name: names.take(base, label, c.sourceExtension),
      contentId: c.id,
      version: c.version,
      kind: 'source',
    });
    if (c.contentType === 'IMAGE') {
      for (const option of imageOptions) {
        if (option === 'SOURCE') {
          entries.push(source('original'));
          continue;
        }
        const [width, height] = option.split('x').map(Number);
        if (c.dimensions && (width > c.dimensions.width || height > c.dimensions.height)) continue;
        const kept = KEPT_FORMATS[c.sourceExtension.toLowerCase()] ?? KEPT_FORMATS.jpg;
        entries.push({
          name: names.take(base, option, kept.extension),
          contentId: c.id,
          version: c.version,
          kind: 'source',
          fit: { width, height, format: kept.format },
        });
      }
    } else if (c.contentType === 'VIDEO') {
      for (const option of videoOptions) {
        if (option === 'SOURCE') {
          entries.push(source('original'));
          continue;
        }
        const proxy = c.derivatives.get('proxy');
        if (!proxy) continue;
        entries.push({
          name: names.take(base, 'web', EXTENSION_OF_MIME[proxy] ?? 'mp4'),
          contentId: c.id,
          version: c.version,
          kind: 'proxy',
        });
      }
    } else {
      entries.push(source('original'));
    }
  }
  return entries;
}

/** A name safe in a ZIP on every OS: no path separators, reserved or control characters. */
function baseNameOf(c: PlannedContent): string {
  let name = c.name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .trim();
  const ext = `.${c.sourceExtension.toLowerCase()}`;
  if (c.sourceExtension && name.toLowerCase().endsWith(ext)) name = name.slice(0, -ext.length);
  name = name.replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 120);
  return name || c.id;
}

/** Names already in the archive, compared case-insensitively (Windows and macOS file systems). */
class UniqueNames {
  private readonly taken = new Set<string>();

  take(base: string, label: string, extension: string): string {
    const ext = extension ? `.${extension.toLowerCase()}` : '';
    for (let n = 1; ; n++) {
      const name = `${base}_${label}${n > 1 ? ` (${n})` : ''}${ext}`;
      if (!this.taken.has(name.toLowerCase())) {
        this.taken.add(name.toLowerCase());
        return name;
      }
    }
  }
}
