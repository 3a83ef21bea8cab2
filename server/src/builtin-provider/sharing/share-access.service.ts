import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  FALLBACK_LANGUAGE,
  isLanguage,
  mayShareContent,
  restrictionOf,
  type ContentFolder,
  type ShareLanguage,
} from '@paddock/rules';
import { CLOCK, type Clock } from '../../common/clock';
import { extensionOf } from '../../common/file-names';
import { AccessRepository } from '../access/access.repository';
import { CallerResolver, type ProviderCaller } from '../access/provider-caller';
import { ArchivesService, type SubstituteOriginal } from '../archives/archives.service';
import type { ContentDetailWire } from '../contents/contents.dto';
import { answerBytes, type StreamAnswer } from '../contents/content-bytes';
import { BLOB_STORE, type BlobStore } from '../../blob-store/blob-store';
import { INTERNAL_HEADERS } from '../../common/byte-stream';
import { PlateRenditions, type BlurPlan } from '../plates/plate-renditions';
import { ContentsService } from '../contents/contents.service';
import { fullNameOf } from '../identity/identity-user';
import { PasswordHasher } from '../identity/password-hasher';
import { ThronError } from '../thron.errors';
import { sha256Hex, ShareLinks } from './share-links';
import { ShareRepository, type LinkRow, type ShareEvent, type ShareRow } from './share.repository';
import { ShareThrottle } from './share-throttle';
import { PASSWORD_HASH_VERSION } from './shares.service';

/** A password session lasts this long at most, and never past the share's expiry. */
const SESSION_MS = 12 * 60 * 60_000;

/** A URL token as ShareLinks makes them: 32 bytes of HMAC in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A link that may be served now: the share, the link, and the owner as the provider's caller. */
export interface OpenShare {
  share: ShareRow;
  link: LinkRow;
  language: ShareLanguage;
  owner: ProviderCaller;
  ownerName: string;
}

/**
 * Why a real link no longer opens, and who sent it: told only to the holder of a link that was
 * issued (its token is a secret only the sender handed out), never for a wrong token.
 */
export interface EndedShare {
  reason: 'revoked' | 'expired';
  expiresAt: Date;
  sender: { name: string; email: string };
}

export type Resolved =
  | { kind: 'open'; open: OpenShare }
  | { kind: 'gone'; language: ShareLanguage | null; ended?: EndedShare }
  | { kind: 'throttled'; retryAfterSeconds: number; language: ShareLanguage | null };

export type Login =
  | { kind: 'session'; cookie: string; until: Date }
  | { kind: 'wrong'; open: OpenShare }
  | Exclude<Resolved, { kind: 'open' }>;

/**
 * An image with plate boxes whose blurred rendition is not rendered yet (docs/plates.md): nothing
 * is served in its place, the recipient is asked to come back.
 */
export const PREPARING = 'preparing';
export type Preparing = typeof PREPARING;

/** An image with plate boxes on a share's page: its blurred picture still rendering, and its blurred original's file once it is. */
export interface BlurredOnPage {
  preparing: boolean;
  original: { size: number; extension: string } | null;
}

/** The renditions a recipient may ask for; 'original' only when the share allows downloads. */
export const SHARE_RENDITIONS = ['thumb', 'preview', 'poster', 'media', 'original'] as const;
export type ShareRendition = (typeof SHARE_RENDITIONS)[number];

const KIND_OF: Record<ShareRendition, string> = {
  thumb: 'thumb',
  preview: 'preview',
  poster: 'poster',
  media: 'proxy',
  original: 'source',
};

/**
 * The recipient's side of a share. Every request goes through `resolve` — token, share and link
 * not revoked, validity not passed, owner still active — and then the password session; every
 * content is served only while its owner may still share it from where it is (`mayShareContent`:
 * not junked, rejected, out of the owner's sight or restricted), and read as the owner.
 */
@Injectable()
export class ShareAccessService {
  constructor(
    private readonly shares: ShareRepository,
    private readonly links: ShareLinks,
    private readonly throttle: ShareThrottle,
    private readonly hasher: PasswordHasher,
    private readonly callers: CallerResolver,
    private readonly access: AccessRepository,
    private readonly contents: ContentsService,
    private readonly archives: ArchivesService,
    private readonly plates: PlateRenditions,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async resolve(token: string, address: string): Promise<Resolved> {
    // The address's throttle and the link are read together (one round trip less per picture);
    // a throttled address still learns nothing of the link.
    const [blocked, found] = await Promise.all([
      this.throttle.addressOpen(address),
      TOKEN_SHAPE.test(token) ? this.shares.findLink(sha256Hex(token)) : null,
    ]);
    if (!blocked.allowed)
      return { kind: 'throttled', retryAfterSeconds: blocked.retryAfterSeconds, language: null };
    if (!found) {
      await this.throttle.unknownToken(address);
      return { kind: 'gone', language: null };
    }
    const { share, link } = found;
    const language = isLanguage(share.language) ? share.language : FALLBACK_LANGUAGE;
    const now = this.clock.now();
    const live =
      share.status === 'succeded' &&
      share.revokedAt === null &&
      link.revokedAt === null &&
      share.expiredAt === null &&
      now < share.expiresAt;
    const owner = share.status === 'succeded' ? await this.shares.userById(share.ownerId) : null;
    if (!owner?.active) return { kind: 'gone', language };
    if (!live) {
      const revoked = share.revokedAt !== null || link.revokedAt !== null;
      const sender = { name: fullNameOf(owner), email: owner.email };
      return {
        kind: 'gone',
        language,
        ended: { reason: revoked ? 'revoked' : 'expired', expiresAt: share.expiresAt, sender },
      };
    }
    return {
      kind: 'open',
      open: {
        share,
        link,
        language,
        owner: await this.callers.callerOf(owner),
        ownerName: fullNameOf(owner),
      },
    };
  }

  /**
   * The password form's POST, answered with a session cookie's value. The attempt is counted
   * (per link and per share) before argon2 runs, so at most the limit is ever checked.
   */
  async login(token: string, password: string, address: string): Promise<Login> {
    const resolved = await this.resolve(token, address);
    if (resolved.kind !== 'open') return resolved;
    const { share, link, language } = resolved.open;
    const verdict = await this.throttle.attempt(share.id, link.id);
    if (!verdict.allowed)
      return { kind: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds, language };
    const stored = share.passwordHash.startsWith(PASSWORD_HASH_VERSION)
      ? share.passwordHash.slice(PASSWORD_HASH_VERSION.length)
      : null;
    if (!(await this.hasher.verify(stored, password))) return { kind: 'wrong', open: resolved.open };
    await this.throttle.succeeded(share.id, link.id);
    const until = new Date(Math.min(share.expiresAt.getTime(), this.clock.now().getTime() + SESSION_MS));
    return { kind: 'session', cookie: this.links.session(link.id, share.passwordHash, until), until };
  }

  /** Whether `cookie` is a live password session of this link. */
  hasSession(open: OpenShare, cookie: string | undefined): boolean {
    return this.links.isSession(cookie, open.link.id, open.share.passwordHash, this.clock.now());
  }

  /** The shared contents still served now (`served`), in the order they were shared. */
  async contentsOf(open: OpenShare): Promise<ContentDetailWire[]> {
    return (await this.pageContentsOf(open)).served;
  }

  /**
   * The page's contents: those served, and those withdrawn because their rights no longer allow
   * it (an embargo or an expired copyright set after the share was made, docs/rights-notices.md),
   * which the page names as withdrawn; others no longer served (junked, out of the owner's sight)
   * are left out.
   */
  async pageContentsOf(
    open: OpenShare,
  ): Promise<{ served: ContentDetailWire[]; withdrawn: ContentDetailWire[] }> {
    const contentIds = await this.shares.contentIds(open.share.id);
    const [details, folders] = await Promise.all([
      this.contents.contentsByIds(open.owner, contentIds),
      this.access.contentFolders(open.owner, contentIds),
    ]);
    const out = { served: [] as ContentDetailWire[], withdrawn: [] as ContentDetailWire[] };
    for (const c of details)
      if (this.served(open, folders.get(c.id), c.imetadata)) out.served.push(c);
      else if (mayShareContent(open.owner, folders.get(c.id) ?? [], false)) out.withdrawn.push(c);
    return out;
  }

  /**
   * One rendition of one shared content, or null when it is not part of the share or not allowed.
   * An image with plate boxes is served only blurred (PREPARING until that is rendered).
   */
  async rendition(
    open: OpenShare,
    contentId: string,
    rendition: ShareRendition,
    headers: { range?: string; ifNoneMatch?: string },
  ): Promise<StreamAnswer | Preparing | null> {
    if (rendition === 'original' && !open.share.contentDownload) return null;
    // Part of the share and still served: light reads, not the content's whole detail (a
    // recipient's first screen asks for a picture per asset). `stream` checks the owner's rights.
    const [metadata, folders] = await Promise.all([
      this.shares.sharedContentMetadata(open.share.id, contentId),
      this.access.contentFolders(open.owner, [contentId]),
    ]);
    if (!metadata || !this.served(open, folders.get(contentId), metadata)) return null;
    const plan = await this.plates.planOf(contentId);
    if (plan) return this.blurred(plan, rendition, headers);
    try {
      return await this.contents.stream(open.owner, contentId, KIND_OF[rendition], undefined, headers);
    } catch (error) {
      if (error instanceof ThronError) return null;
      throw error;
    }
  }

  /**
   * Every shared content's original in one ZIP (the archive code, as the owner); null without
   * downloads. Images with plate boxes go in blurred: PREPARING while any is not rendered yet.
   */
  async zip(open: OpenShare): Promise<{ body: Readable; length: number | null } | Preparing | null> {
    if (!open.share.contentDownload) return null;
    const visible = (await this.contentsOf(open)).map((c) => c.id);
    if (!visible.length) return null;
    const substitutes = new Map<string, SubstituteOriginal>();
    for (const [id, plan] of await this.plates.plansOf(visible)) {
      const file = await this.plates.ready(plan, 'original');
      if (!file) {
        await this.plates.requestFor(plan);
        return PREPARING;
      }
      substitutes.set(id, {
        size: file.size,
        extension: extensionOf(file.fileName),
        open: () => this.blobs.get(file.blobKey),
      });
    }
    const { downloadId } = await this.archives.prepare(open.owner, {
      criteria: { xcontentIds: visible },
      options: { image: ['SOURCE'], video: ['SOURCE'] },
    });
    return this.archives.open(open.owner, downloadId, substitutes);
  }

  /**
   * What the page shows of the served contents with plate boxes (docs/plates.md): whether the blurred
   * page picture is still being rendered (the page says "being prepared", its job requested), and the
   * blurred original once rendered, which is what a download gives.
   */
  async blurredOnPage(contents: readonly ContentDetailWire[]): Promise<Map<string, BlurredOnPage>> {
    const out = new Map<string, BlurredOnPage>();
    for (const [id, plan] of await this.plates.plansOf(contents.map((c) => c.id))) {
      const preparing = !(await this.plates.ready(plan, 'preview'));
      if (preparing) await this.plates.requestFor(plan);
      const original = await this.plates.ready(plan, 'original');
      out.set(id, {
        preparing,
        original: original && { size: original.size, extension: extensionOf(original.fileName) },
      });
    }
    return out;
  }

  /** A blurred rendition, or PREPARING (its job requested); an image has no poster or media. */
  private async blurred(
    plan: BlurPlan,
    rendition: ShareRendition,
    headers: { range?: string; ifNoneMatch?: string },
  ): Promise<StreamAnswer | Preparing | null> {
    if (rendition !== 'thumb' && rendition !== 'preview' && rendition !== 'original') return null;
    const file = await this.plates.ready(plan, rendition);
    if (!file) {
      await this.plates.requestFor(plan);
      return PREPARING;
    }
    const extra: Record<string, string> = { [INTERNAL_HEADERS.version]: String(plan.version) };
    if (rendition === 'original') extra[INTERNAL_HEADERS.fileName] = encodeURIComponent(file.fileName);
    return answerBytes(this.blobs, file, extra, headers);
  }

  /**
   * Whether a shared content is served now: the one rule for the page, every rendition, the
   * original and the ZIP, read afresh on each request. Its owner must still be able to share it
   * from some folder it is in (SPEC §6) and it must not be restricted (an embargo or an expired
   * copyright set after the share was made), as when the share was made.
   */
  private served(
    open: OpenShare,
    folders: readonly ContentFolder[] | undefined,
    metadata: readonly { key: string; value: string }[],
  ): boolean {
    return mayShareContent(open.owner, folders ?? [], restrictionOf(metadata, this.clock.now()).restricted);
  }

  async record(open: OpenShare, event: ShareEvent, contentId: string | null, address: string): Promise<void> {
    await this.shares.record(open.link.id, event, contentId, ipPrefixOf(address));
  }
}

/** The address cut to its /24 (IPv4) or /48 (IPv6): enough to tell visits apart, not to track a person. */
export function ipPrefixOf(address: string): string {
  const v4 = address.replace(/^::ffff:/, '');
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) === 6) {
    const [head] = address.split('::');
    return `${head.split(':').slice(0, 3).join(':')}::/48`;
  }
  return 'unknown';
}
