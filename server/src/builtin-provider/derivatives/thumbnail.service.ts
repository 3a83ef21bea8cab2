import { Readable } from 'node:stream';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CARD_THUMBNAIL_SIDE, THUMBNAIL_BOX_PATTERN } from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../../blob-store/blob-store';
import { matchesEtag } from '../../common/byte-stream';
import { CLOCK, type Clock } from '../../common/clock';
import { RecentCache } from '../../common/recent-cache';
import { ChangeFeed } from '../../database/change-feed';
import { KeptUntilChanged } from '../../database/kept-until-changed';
import { AccessRepository } from '../access/access.repository';
import { contentRights } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { THRON_FAILURES, ThronError, thronError } from '../thron.errors';
import { isUuid } from '../uuid';
import { THUMBNAIL_FAILURES } from './derivatives.errors';
import { DerivativesRepository, type ThumbnailSource } from './derivatives.repository';
import { fitJpeg, PREVIEW_BOX, THUMB_BOX } from '../../media/image';
import { placeholder } from '../../media/placeholder';

export interface ThumbnailRequest {
  /** 'WxH'; 0 leaves a side unconstrained, '0x0' is the largest rendition (research §7). */
  divArea: string;
  /** The path's last segment: the id, optionally with an image extension ('….jpg'). */
  contentFile: string;
  ifNoneMatch: string | undefined;
}

export type ThumbnailAnswer =
  | { status: 304; etag: string; cacheControl: string }
  | { status: 200; etag?: string; cacheControl: string; mimeType: string; body: Readable };

/** Thumbnails revalidate every time: a new version changes the ETag and must show at once. */
export const THUMBNAIL_CACHE_CONTROL = 'private, no-cache';
/**
 * Per caller's groups and content, the rendition a picture is cut from, and which fitted pictures are
 * in the blob store: a grid of cards asks them all at once and again at every visit, while they change
 * only with a content, its renditions or its folders' rights, each announced as `listing`.
 */
const KEPT = { capacity: 20_000, ttlMs: 60_000 };

/**
 * Fitted pictures of grid sizes (no side above THUMB_BOX, tens of KiB each), kept in memory as well:
 * a grid asks the same few again and again, and each read from the blob store opens a file. Their
 * keys name the content's version, so they never go stale; a minute of disuse lets them go.
 */
const IN_MEMORY = { capacity: 1_000, ttlMs: 60_000 };

/** The "still processing" picture must not be kept: the real one follows shortly. */
const PENDING_CACHE_CONTROL = 'no-store';

/**
 * The sides whose fitted pictures are kept in the blob store (the hub's cards among them). Any other box is fitted on each
 * request (its ETag still spares the repeats): a caller free to name every WxH up to 2048 would
 * otherwise make four million blobs per content version.
 */
export const CACHED_SIDES: ReadonlySet<number> = new Set([
  0,
  32,
  48,
  64,
  96,
  100,
  128,
  150,
  160,
  200,
  240,
  256,
  300,
  320,
  CARD_THUMBNAIL_SIDE,
  400,
  480,
  500,
  600,
  640,
  720,
  800,
  960,
  1024,
  1080,
  1200,
  1280,
  1440,
  1600,
  1920,
  2048,
]);

/** Whether the fitted picture of `area` is kept in the blob store (see CACHED_SIDES). */
export function isCachedArea(area: { width: number; height: number }): boolean {
  return CACHED_SIDES.has(area.width) && CACHED_SIDES.has(area.height);
}

/**
 * The requested box, each side capped at the preview's (renditions are never enlarged, so a larger
 * box gives the same picture — and would only multiply cache entries).
 */
export function parseDivArea(divArea: string): { width: number; height: number } | null {
  const match = THUMBNAIL_BOX_PATTERN.exec(divArea);
  if (!match) return null;
  return { width: Math.min(Number(match[1]), PREVIEW_BOX), height: Math.min(Number(match[2]), PREVIEW_BOX) };
}

/**
 * THRON's dynamic thumbnail (delivery/getThumbnail): the content's current image rendition
 * fitted to any divArea, cached in the blob store per (content, version, divArea), with a
 * version-based ETag. Needs a token whose user sees one of the content's folders.
 */
@Injectable()
export class ThumbnailService {
  /**
   * The neutral picture of each cached area, drawn once per process: a grid of contents still
   * processing asks it once a card, and drawing it is the costliest part of the answer.
   */
  private readonly pendingPictures = new Map<string, Promise<{ data: Buffer; mimeType: string }>>();

  private readonly kept: KeptUntilChanged;
  private readonly inMemory: RecentCache<Promise<Buffer>>;

  constructor(
    private readonly repository: DerivativesRepository,
    private readonly access: AccessRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) clock: Clock,
    // Without it (unit tests), every picture reads its rights and renditions.
    @Optional() @Inject(ChangeFeed) changes?: Pick<ChangeFeed, 'generation'>,
  ) {
    this.kept = new KeptUntilChanged(changes, 'listing', KEPT, clock);
    this.inMemory = new RecentCache(IN_MEMORY.capacity, IN_MEMORY.ttlMs, clock);
  }

  async thumbnail(caller: ProviderCaller, request: ThumbnailRequest): Promise<ThumbnailAnswer> {
    const area = parseDivArea(request.divArea);
    if (!area) throw thronError(THRON_FAILURES.invalidArguments, 'divArea must be WxH');
    const contentId = request.contentFile.replace(/\.(jpe?g|png|webp)$/i, '');
    if (!isUuid(contentId)) throw thronError(THRON_FAILURES.invalidArguments, 'contentId');

    const scope = [caller.groupIds, caller.opensJunk];
    const source = await this.kept.read(['source', scope, contentId], async () => {
      const access = (await this.access.contentAccess(caller, [contentId])).get(contentId);
      const readable = access !== undefined && contentRights(access).read;
      return readable ? await this.repository.thumbnailSource(contentId) : null;
    });
    if (!source) throw new ThronError(THUMBNAIL_FAILURES.contentNotFound);
    const pick = pickRendition(source, area);
    if (!pick) return this.pending(area);
    // Only the thumb exists yet (the preview follows in the same job): shown, but never kept under the version's ETag.
    if (pick.standIn)
      return {
        status: 200,
        cacheControl: PENDING_CACHE_CONTROL,
        mimeType: 'image/jpeg',
        body: Readable.from([(await fitJpeg(await this.read(pick.blobKey), area.width, area.height)).data]),
      };

    const etag = `"${contentId}-v${source.version}-${area.width}x${area.height}"`;
    if (matchesEtag(request.ifNoneMatch, etag))
      return { status: 304, etag, cacheControl: THUMBNAIL_CACHE_CONTROL };
    const answer = {
      status: 200 as const,
      etag,
      cacheControl: THUMBNAIL_CACHE_CONTROL,
      mimeType: 'image/jpeg',
    };
    const fit = async () => (await fitJpeg(await this.read(pick.blobKey), area.width, area.height)).data;
    if (!isCachedArea(area)) return { ...answer, body: Readable.from([await fit()]) };
    const cacheKey = `thumbnails/${contentId}/${source.version}/${area.width}x${area.height}.jpg`;
    return { ...answer, body: await this.keptPicture(cacheKey, area, fit) };
  }

  /** A kept area's picture, fitted and stored once; a grid size's served from memory after its first read. */
  private async keptPicture(
    cacheKey: string,
    area: { width: number; height: number },
    fit: () => Promise<Buffer>,
  ): Promise<Readable> {
    // Concurrent asks of one picture fit it once.
    const stored = () =>
      this.kept.read(['fitted', cacheKey], async () => {
        if (!(await this.blobs.exists(cacheKey)))
          await this.blobs.put(cacheKey, Readable.from([await fit()]));
        return true;
      });
    if (!area.width || !area.height || Math.max(area.width, area.height) > THUMB_BOX) {
      await stored();
      return this.blobs.get(cacheKey);
    }
    let bytes = this.inMemory.get(cacheKey);
    if (!bytes) {
      bytes = stored().then(() => this.read(cacheKey));
      this.inMemory.set(cacheKey, bytes);
      bytes.catch(() => this.inMemory.delete(cacheKey));
    }
    return Readable.from([await bytes]);
  }

  /** The content has no image rendition yet (processing, or failed): a neutral picture. */
  private async pending(area: { width: number; height: number }): Promise<ThumbnailAnswer> {
    const draw = async () => fitJpeg((await placeholder('…', 'pending')).thumb.data, area.width, area.height);
    const key = `${area.width}x${area.height}`;
    let picture = this.pendingPictures.get(key);
    if (!picture) {
      picture = draw();
      // Only the few cached areas are kept, so the map stays as small as they are many.
      if (isCachedArea(area)) {
        this.pendingPictures.set(key, picture);
        picture.catch(() => this.pendingPictures.delete(key));
      }
    }
    const fitted = await picture;
    return {
      status: 200,
      cacheControl: PENDING_CACHE_CONTROL,
      mimeType: fitted.mimeType,
      body: Readable.from([fitted.data]),
    };
  }

  private async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.blobs.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/**
 * The smallest rendition that still covers the area: the thumb for grid sizes, else the preview;
 * `standIn` when the thumb stands in for a preview not made yet.
 */
function pickRendition(
  source: ThumbnailSource,
  area: { width: number; height: number },
): { blobKey: string; standIn: boolean } | undefined {
  const byKind = new Map(source.derivatives.map((d) => [d.kind, d]));
  const large = byKind.get('preview') ?? byKind.get('poster');
  const small = byKind.get('thumb');
  const fitsThumb = area.width > 0 && area.height > 0 && Math.max(area.width, area.height) <= THUMB_BOX;
  if (fitsThumb && small) return { blobKey: small.blobKey, standIn: false };
  if (large) return { blobKey: large.blobKey, standIn: false };
  return small && { blobKey: small.blobKey, standIn: true };
}
