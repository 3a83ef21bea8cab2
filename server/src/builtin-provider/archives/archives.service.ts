import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { nameInLocale } from '@paddock/rules';
import sharp from 'sharp';
import { CLOCK, type Clock } from '../../common/clock';
import type { ContentDetailWire } from '../contents/contents.dto';
import type { ProviderCaller } from '../access/provider-caller';
import { ContentsService } from '../contents/contents.service';
import { ThronError } from '../thron.errors';
import { archivePlanner, type ArchiveEntry, type PlannedContent } from './archive-plan';
import { ArchiveRepository } from './archive.repository';
import { prepareSchema, type PrepareForm } from './archives.dto';
import { ARCHIVE_FAILURES } from './archives.errors';
import { zipLength, zipStream, type ZipSource } from './zip-writer';

/** Bytes that take the place of a content's original in a ZIP (a share's blurred image, docs/plates.md). */
export interface SubstituteOriginal {
  size: number;
  /** Of the format the bytes are in, which names the entry: a TIFF blurred is a JPEG. */
  extension: string;
  open: () => Promise<Readable>;
}

/** How long a downloadId stays valid after prepare. */
const ARCHIVE_TTL_MS = 60 * 60 * 1000;

/** Bytes read from the start of an image to learn its size (headers of JPEG, PNG, WebP, PSD, GIF). */
const PROBE_BYTES = 1024 * 1024;

/**
 * THRON archives (research §3.9): prepare records what to download under a downloadId; download
 * streams the ZIP. Visibility is the contents' own (ContentsService): prepare refuses an id the
 * caller cannot see, download leaves out what the caller can no longer see.
 */
@Injectable()
export class ArchivesService {
  private readonly logger = new Logger(ArchivesService.name);

  constructor(
    private readonly contents: ContentsService,
    private readonly archives: ArchiveRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async prepare(caller: ProviderCaller, form: PrepareForm): Promise<{ downloadId: string }> {
    const ids = [...new Set(form.criteria.xcontentIds)];
    const visible = await this.contents.contentsByIds(caller, ids);
    if (visible.length !== ids.length) throw new ThronError(ARCHIVE_FAILURES.contentNotExists);
    const downloadId = await this.archives.create({
      userId: caller.user.id,
      contentIds: ids,
      options: form.options,
      expiresAt: new Date(this.clock.now().getTime() + ARCHIVE_TTL_MS),
    });
    return { downloadId };
  }

  /**
   * The ZIP of a prepared archive, as a stream: each entry's bytes are fetched only when the ZIP
   * reaches them, and read as fast as the receiver takes them. `length` is the ZIP's exact size
   * when every entry is an unchanged file stored as it is (null otherwise), so the browser can
   * show a real progress bar. `substitutes` replace contents' originals (their entries keep their
   * names); with any, only originals may be asked for, as a resized entry would read the original.
   */
  async open(
    caller: ProviderCaller,
    downloadId: string,
    substitutes: ReadonlyMap<string, SubstituteOriginal> = new Map(),
  ): Promise<{ body: Readable; length: number | null }> {
    const archive = await this.archives.findLive(downloadId, this.clock.now());
    if (!archive || archive.userId !== caller.user.id)
      throw new ThronError(ARCHIVE_FAILURES.archiveNotExists);
    const options = prepareSchema.shape.options.parse(archive.options);
    const details = await this.contents.contentsByIds(caller, archive.contentIds);
    const plan = archivePlanner(options);
    const locale = options.locale ?? 'EN';
    // Sizes only matter to leave out resolutions larger than an image (SPEC §5); resized bytes
    // have no size before they are made, so such a ZIP's length is unknown anyway.
    if (options.image.some((o) => o !== 'SOURCE')) {
      if (substitutes.size) throw new Error('Substituted originals cannot be resized');
      return {
        body: zipStream(this.probedSources(caller, details, plan, locale), this.clock.now()),
        length: null,
      };
    }
    // Without a probe the plan reads nothing: every entry, and its file's size, is known up front.
    const sources = details.flatMap((detail) => {
      const substitute = substitutes.get(detail.id);
      const planned = plannedOf(detail, null, locale);
      return plan(substitute ? { ...planned, sourceExtension: substitute.extension } : planned).map(
        (entry) =>
          substitute && entry.kind === 'source'
            ? { name: entry.name, compress: entry.compress, size: substitute.size, open: substitute.open }
            : this.sourceOf(caller, entry, sizeOf(detail, entry), crcOf(detail, entry)),
      );
    });
    return { body: zipStream(sources, this.clock.now()), length: zipLength(sources) };
  }

  /**
   * One content at a time, planned when the ZIP reaches it: the first byte waits for no probe, and a
   * probe holds up to PROBE_BYTES, so memory stays flat for 1000 images. A resized entry is made
   * whole before it is handed to the ZIP, so an image the resizer cannot read is known before its
   * header is written: its original takes its place (once per content) and the archive completes.
   */
  private async *probedSources(
    caller: ProviderCaller,
    details: ContentDetailWire[],
    plan: ReturnType<typeof archivePlanner>,
    locale: string,
  ): AsyncGenerator<ZipSource> {
    for (const detail of details) {
      const dimensions =
        detail.contentType === 'IMAGE' && detail.source ? await this.probe(caller, detail) : null;
      // Every resolution of an image reads the same bytes: once one fails, the others would too.
      let unreadable = false;
      for (const entry of plan(plannedOf(detail, dimensions, locale))) {
        if (!entry.fit) {
          yield this.sourceOf(caller, entry);
          continue;
        }
        if (unreadable) continue;
        const resized = await this.resized(caller, entry, entry.fit);
        if (resized) {
          yield {
            name: entry.name,
            compress: entry.compress,
            size: resized.length,
            open: () => Promise.resolve(Readable.from([resized])),
          };
          continue;
        }
        unreadable = true;
        if (entry.fallback) yield this.sourceOf(caller, entry.fallback);
      }
    }
  }

  private sourceOf(caller: ProviderCaller, entry: ArchiveEntry, size?: number, crc32?: number): ZipSource {
    return {
      name: entry.name,
      compress: entry.compress,
      size,
      crc32,
      open: async () =>
        (await this.contents.stream(caller, entry.contentId, entry.kind, entry.version, {})).body as Readable,
    };
  }

  /**
   * The entry's image resized, or null when the resizer cannot read it. The source is read whole
   * either way (sharp buffers a streamed input before decoding), so this costs no more memory; a
   * failure to read the file itself is not the image's and is thrown.
   */
  private async resized(
    caller: ProviderCaller,
    entry: ArchiveEntry,
    fit: NonNullable<ArchiveEntry['fit']>,
  ): Promise<Buffer | null> {
    const answer = await this.contents.stream(caller, entry.contentId, entry.kind, entry.version, {});
    const source = await buffer(answer.body as Readable);
    try {
      return await sharp(source, { failOn: 'none' })
        .rotate()
        .resize({ width: fit.width, height: fit.height, fit: 'inside', withoutEnlargement: true })
        .toFormat(fit.format)
        .toBuffer();
    } catch (error) {
      this.logger.warn(
        { contentId: entry.contentId, err: error },
        'An image could not be resized: its original goes in the ZIP instead',
      );
      return null;
    }
  }

  /** The image's displayed size from its first bytes; null when they do not tell (the resize still never enlarges). */
  private async probe(
    caller: ProviderCaller,
    detail: ContentDetailWire,
  ): Promise<{ width: number; height: number } | null> {
    const size = detail.source?.size ?? 0;
    if (size === 0) return null;
    const answer = await this.contents.stream(caller, detail.id, 'source', detail.version, {
      range: `bytes=0-${Math.min(size, PROBE_BYTES) - 1}`,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body as AsyncIterable<Buffer>) chunks.push(chunk);
    try {
      const meta = await sharp(Buffer.concat(chunks), { failOn: 'none' }).metadata();
      if (!meta.width || !meta.height) return null;
      // EXIF orientations 5–8 turn the picture by 90°: the displayed size is swapped.
      const turned = (meta.orientation ?? 1) >= 5;
      return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    } catch {
      return null;
    }
  }
}

/** Entries are named in the asked locale (nameInLocale), else by the file's own name. */
function plannedOf(
  detail: ContentDetailWire,
  dimensions: { width: number; height: number } | null,
  locale: string,
): PlannedContent {
  const name = nameInLocale(detail.locales, locale) || detail.source?.fileName || detail.id;
  return {
    id: detail.id,
    contentType: detail.contentType,
    version: detail.version,
    name,
    sourceExtension: detail.sourceExtension,
    dimensions,
    derivatives: new Map(detail.derivatives.map((d) => [d.kind, d.mimeType])),
  };
}

/** The size of an unresized entry's file, as the content's detail records it; undefined when resized. */
function sizeOf(detail: ContentDetailWire, entry: ArchiveEntry): number | undefined {
  if (entry.fit) return undefined;
  if (entry.kind === 'source') return detail.source?.size;
  return detail.derivatives.find((d) => d.kind === entry.kind)?.size;
}

/** The CRC-32 of an unresized original, as its write or the derivatives job measured it; undefined when unknown. */
function crcOf(detail: ContentDetailWire, entry: ArchiveEntry): number | undefined {
  if (entry.fit || entry.kind !== 'source' || detail.source?.version !== entry.version) return undefined;
  return detail.source.crc32 ?? undefined;
}
