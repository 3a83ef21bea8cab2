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
  /**
   * A resized entry's stand-in when the resizer cannot read the image (a PSD, a damaged file): the
   * content's original, shared by all its resized entries so it enters the ZIP once; null when the
   * archive holds the original already.
   */
  fallback?: ArchiveEntry | null;
  /** Deflated in the ZIP: only text-like files shrink; media is compressed already. */
  compress: boolean;
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
 * Files that deflate well. Everything else is stored: JPEG, PNG, WebP, MP4, MOV, PDF, Office
 * files (ZIPs themselves), PSD… gain next to nothing and deflate is ~10x slower than a copy
 * (research perf-reliability §1e).
 */
const TEXT_LIKE = new Set(
  'txt csv tsv json xml svg html htm css md log yaml yml rtf srt vtt eps ps'.split(' '),
);

/**
 * The ZIP's entries, in content order. Images: one entry per requested resolution, except those
 * larger than the image in width or height — SPEC §5 skips them rather than upscale, the same rule
 * the download dialog warns about. Videos: the source and/or the web proxy (skipped when it does not
 * exist yet). Other types: the source. Names are `<name>_<label>.<ext>`, unique in the archive.
 */
export function planArchive(contents: PlannedContent[], options: ArchiveOptions): ArchiveEntry[] {
  const plan = archivePlanner(options);
  return contents.flatMap(plan);
}

/**
 * The same plan one content at a time, in content order: the ZIP plans each content only when it
 * reaches it, so the first byte does not wait for every image's size.
 */
export function archivePlanner(options: ArchiveOptions): (c: PlannedContent) => ArchiveEntry[] {
  const names = new UniqueNames();
  const imageOptions = options.image.length ? [...new Set(options.image)] : ['SOURCE'];
  const videoOptions = options.video.length ? [...new Set(options.video)] : ['SOURCE'];
  return (c) => {
    const entries: ArchiveEntry[] = [];
    const base = baseNameOf(c);
    const entry = (label: string, extension: string, kind: string, fit?: ArchiveEntry['fit']) => ({
      name: names.take(base, label, extension),
      contentId: c.id,
      version: c.version,
      kind,
      ...(fit ? { fit } : {}),
      compress: TEXT_LIKE.has(extension.toLowerCase()),
    });
    if (c.contentType === 'IMAGE') {
      const withOriginal = imageOptions.includes('SOURCE');
      let fallback: ArchiveEntry | undefined;
      for (const option of imageOptions) {
        if (option === 'SOURCE') {
          entries.push(entry('original', c.sourceExtension, 'source'));
          continue;
        }
        const [width, height] = option.split('x').map(Number);
        if (c.dimensions && (width > c.dimensions.width || height > c.dimensions.height)) continue;
        const kept = KEPT_FORMATS[c.sourceExtension.toLowerCase()] ?? KEPT_FORMATS.jpg;
        const resized = entry(option, kept.extension, 'source', { width, height, format: kept.format });
        if (!withOriginal) fallback ??= entry('original', c.sourceExtension, 'source');
        entries.push({ ...resized, fallback: fallback ?? null });
      }
    } else if (c.contentType === 'VIDEO') {
      for (const option of videoOptions) {
        if (option === 'SOURCE') {
          entries.push(entry('original', c.sourceExtension, 'source'));
          continue;
        }
        const proxy = c.derivatives.get('proxy');
        if (proxy) entries.push(entry('web', EXTENSION_OF_MIME[proxy] ?? 'mp4', 'proxy'));
      }
    } else {
      entries.push(entry('original', c.sourceExtension, 'source'));
    }
    return entries;
  };
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
