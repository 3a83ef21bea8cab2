import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';
import { audioProxy, extractFrame, pdfFirstPage, probe, videoProxy, waveform } from './av';
import { isPdf, officePdf, postscriptPage, psdComposite } from './documents';
import {
  differenceHash,
  previewAndThumb,
  PREVIEW_BOX,
  readImageFacts,
  renderInside,
  THUMB_BOX,
  type Rendition,
} from './image';
import { placeholder } from './placeholder';

export type DerivativeKind = 'thumb' | 'preview' | 'poster' | 'proxy';

/** One derivative: small images in memory, proxies as files in the job's work directory. */
export interface DerivedFile {
  kind: DerivativeKind;
  mimeType: string;
  extension: string;
  width?: number;
  height?: number;
  body: Buffer | { path: string };
}

export interface SourceFacts {
  width?: number;
  height?: number;
  durationMs?: number;
  dpi?: number;
  createdAt?: Date;
  /** 64-bit difference hash, hex (images only). */
  dhash?: string;
}

export interface Derived {
  files: DerivedFile[];
  facts: SourceFacts;
  /**
   * Why the files are a typed placeholder instead of a preview (the tool failed, timed out or is
   * missing): the job keeps the placeholder and ends with this error, so the failure is recorded.
   */
  failure?: PermanentJobError | TransientJobError;
}

/** What the source is, for the pipeline to choose. */
export interface SourceKind {
  contentType: string;
  extension: string;
}

/** Formats sharp decodes: such a file that fails to decode is corrupt. */
const SHARP_FORMATS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'tif', 'tiff', 'avif', 'svg']);
/** Documents LibreOffice lays out (Writer, Impress, Calc; Microsoft and OpenDocument formats). */
const OFFICE_FORMATS = new Set([
  'doc',
  'docx',
  'rtf',
  'odt',
  'ppt',
  'pptx',
  'pps',
  'ppsx',
  'odp',
  'xls',
  'xlsx',
  'ods',
]);

export type Family =
  'image' | 'video' | 'audio' | 'pdf' | 'photoshop' | 'postscript' | 'illustrator' | 'office' | 'placeholder';

export function familyOf({ contentType, extension }: SourceKind): Family {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  // Browsers label PSDs image/*, but sharp cannot read them: ImageMagick makes the composite.
  if (ext === 'psd' || ext === 'psb') return 'photoshop';
  if (ext === 'eps' || ext === 'ps') return 'postscript';
  // PDF-compatible (the default since CS) or, for old files, PostScript.
  if (ext === 'ai') return 'illustrator';
  if (OFFICE_FORMATS.has(ext)) return 'office';
  if (ext === 'zip') return 'placeholder';
  if (contentType === 'IMAGE') return 'image';
  if (contentType === 'VIDEO') return 'video';
  if (contentType === 'AUDIO') return 'audio';
  return 'placeholder';
}

const fromRendition = (kind: DerivativeKind, r: Rendition): DerivedFile => ({
  kind,
  mimeType: r.mimeType,
  extension: r.extension,
  width: r.width,
  height: r.height,
  body: r.data,
});

async function placeholderFiles(label: string, colourKey?: string): Promise<DerivedFile[]> {
  const { preview, thumb } = await placeholder(label, colourKey);
  return [fromRendition('preview', preview), fromRendition('thumb', thumb)];
}

/**
 * Told the thumb of an image as soon as it exists, before the preview is made: the card waits for
 * the thumb only (issue 26).
 */
export type OnThumb = (thumb: DerivedFile, facts: SourceFacts) => Promise<void>;

async function imageDerived(path: string, extension: string, onThumb?: OnThumb): Promise<Derived> {
  try {
    const facts = await readImageFacts(path);
    // From the file, not the preview: a JPEG decodes at 1/8 scale (shrink-on-load), so the thumb comes first and fast.
    const thumb = await renderInside(path, THUMB_BOX);
    await onThumb?.(fromRendition('thumb', thumb), facts);
    const preview = await renderInside(path, PREVIEW_BOX);
    return {
      files: [fromRendition('preview', preview), fromRendition('thumb', thumb)],
      facts: { ...facts, dhash: await differenceHash(preview.data) },
    };
  } catch (error) {
    // HEIC, RAW, BMP…: sharp's build may not read them; that is not a corrupt file.
    if (SHARP_FORMATS.has(extension.toLowerCase())) throw error;
    if (!(error instanceof PermanentJobError)) throw error;
    return { files: await placeholderFiles(extension), facts: {} };
  }
}

async function videoDerived(path: string, workDir: string): Promise<Derived> {
  const facts = await probe(path);
  if (!facts.hasVideo) return audioDerived(path, workDir);
  const frame = await readFile(await extractFrame(path, workDir, facts.durationMs));
  const poster = await sharp(frame)
    .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const thumb = await renderInside(poster.data, THUMB_BOX);
  const proxy = await videoProxy(path, workDir, facts.hasAudio);
  const proxyFacts = await probe(proxy);
  return {
    files: [
      {
        kind: 'poster',
        mimeType: 'image/jpeg',
        extension: 'jpg',
        width: poster.info.width,
        height: poster.info.height,
        body: poster.data,
      },
      fromRendition('thumb', thumb),
      {
        kind: 'proxy',
        mimeType: 'video/mp4',
        extension: 'mp4',
        width: proxyFacts.width,
        height: proxyFacts.height,
        body: { path: proxy },
      },
    ],
    facts: {
      width: facts.width,
      height: facts.height,
      durationMs: facts.durationMs,
      createdAt: facts.createdAt,
    },
  };
}

async function audioDerived(path: string, workDir: string): Promise<Derived> {
  const facts = await probe(path);
  const proxy = await audioProxy(path, workDir);
  const { preview, thumb } = await previewAndThumb(await readFile(await waveform(path, workDir)));
  return {
    files: [
      fromRendition('preview', preview),
      fromRendition('thumb', thumb),
      { kind: 'proxy', mimeType: 'audio/mp4', extension: 'm4a', body: { path: proxy } },
    ],
    facts: { durationMs: facts.durationMs, createdAt: facts.createdAt },
  };
}

async function pdfDerived(path: string, workDir: string): Promise<Derived> {
  const page = await readFile(await pdfFirstPage(path, workDir));
  const { preview, thumb } = await previewAndThumb(page);
  return { files: [fromRendition('preview', preview), fromRendition('thumb', thumb)], facts: {} };
}

/** A rendered page (EPS, PostScript Illustrator): a picture of vector art, so no pixel facts. */
async function pageDerived(png: string): Promise<Derived> {
  const { preview, thumb } = await previewAndThumb(await readFile(png));
  return { files: [fromRendition('preview', preview), fromRendition('thumb', thumb)], facts: {} };
}

async function illustratorDerived(path: string, workDir: string): Promise<Derived> {
  if (await isPdf(path)) return pdfDerived(path, workDir);
  return pageDerived(await postscriptPage(path, workDir));
}

/**
 * A format only an outside converter reads (ImageMagick, Ghostscript, LibreOffice): when the
 * conversion fails, the typed placeholder, with the reason for the job to record.
 */
async function converted(extension: string, convert: () => Promise<Derived>): Promise<Derived> {
  try {
    return await convert();
  } catch (error) {
    if (!(error instanceof PermanentJobError || error instanceof TransientJobError)) throw error;
    return { files: await placeholderFiles(extension), facts: {}, failure: error };
  }
}

/**
 * Makes every derivative of one source file (already on local disk in `workDir`) and reads its
 * facts. Throws PermanentJobError for media no tool can read; formats read by an outside converter
 * get a typed placeholder and `failure` instead. `onThumb` hears of a photo's thumb before its preview.
 */
export async function deriveMedia(
  path: string,
  workDir: string,
  kind: SourceKind,
  onThumb?: OnThumb,
): Promise<Derived> {
  const extension = kind.extension.toLowerCase();
  switch (familyOf(kind)) {
    case 'image':
      return imageDerived(path, kind.extension, onThumb);
    case 'video':
      return videoDerived(path, workDir);
    case 'audio':
      return audioDerived(path, workDir);
    case 'pdf':
      return pdfDerived(path, workDir);
    case 'photoshop':
      // The composite is a plain PNG: size, resolution and fingerprint come from it like a photo's.
      return converted(extension, async () => imageDerived(await psdComposite(path, workDir), 'png'));
    case 'postscript':
      return converted(extension, async () => pageDerived(await postscriptPage(path, workDir)));
    case 'illustrator':
      return converted(extension, () => illustratorDerived(path, workDir));
    case 'office':
      return converted(extension, async () => pdfDerived(await officePdf(path, workDir), workDir));
    case 'placeholder':
      return { files: await placeholderFiles(extension || 'file'), facts: {} };
  }
}
