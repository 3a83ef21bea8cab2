import { Readable } from 'node:stream';
import type { Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import {
  ERROR_CODES,
  FIXED_FOLDER_IDS,
  FOLDER_CODES,
  deriveRoles,
  specialCodeOf,
  type ErrorCode,
  type Role,
} from '@paddock/rules';
import {
  ARCHIVES_GATEWAY,
  type ArchiveRequest,
  type ArchivesGateway,
} from '../../src/provider/archives.gateway';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderBytes,
  type ProviderContentDetail,
  type UploadedFile,
} from '../../src/provider/contents.gateway';
import {
  FOLDERS_GATEWAY,
  type FoldersGateway,
  type ProviderFolder,
} from '../../src/provider/folders.gateway';
import { DRAFTS_GATEWAY, type DraftsGateway } from '../../src/provider/drafts.gateway';
import { ENRICHMENT_GATEWAY, type EnrichmentGateway } from '../../src/provider/enrichment.gateway';
import {
  EXTERNAL_SHARES_GATEWAY,
  type ExternalSharesGateway,
} from '../../src/provider/external-shares.gateway';
import { ProviderError } from '../../src/common/provider-error';
import {
  SEARCH_GATEWAY,
  type ContentCriteria,
  type ContentPageRequest,
  type OrderedPage,
  type OrderedPageRequest,
  type ProviderSearchHit,
  type SearchGateway,
} from '../../src/provider/search.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../../src/provider/service-session';
import { TAGGING_GATEWAY, type TaggingGateway } from '../../src/provider/tagging.gateway';
import { InMemoryDrafts } from './in-memory-drafts';
import { InMemoryEnrichment } from './in-memory-enrichment';
import { InMemoryExternalShares } from './in-memory-external-shares';

/** The hub's service account (its token is tokenOf(SERVICE_USER)); its rights come from the ACLs like anyone's. */
export const SERVICE_USER = 'paddock.service';

/** A user's provider token in this model: the username is read back from it. */
export function tokenOf(username: string): string {
  return `token-of-${username}`;
}

export type Rights = ProviderFolder['rights'];

/** What an ACL entry grants; any entry shows the folder (the built-in provider's `show`). */
export type Grant = Partial<Omit<Rights, 'show'>>;

export interface FolderRecord {
  id: string;
  prettyId: string;
  parentId: string | null;
  names: Record<string, string>;
  isSupplier: boolean;
  /** Group name → rights on this folder only (the built-in provider inherits nothing at read time). */
  acl: Map<string, Grant>;
}

export interface ContentRecord {
  id: string;
  contentType: string;
  owner: string;
  extension: string;
  locales: { locale: string; name: string }[];
  /** In link order, as the built-in provider lists them. */
  folderIds: string[];
  itags: { id: string; classificationId: string }[];
  imetadata: { key: string; value: string; classificationId: string }[];
  trashed: boolean;
  /** The current version of its file, from 1. */
  version: number;
  /** The provider's state of its file; PUBLISHED unless given (UNREADABLE_STATE: it cannot be read). */
  state?: string;
}

/** THRON's content ACL as the built-in provider computes it (content-rights.ts), for one caller. */
export interface ContentRights {
  read: boolean;
  modify: boolean;
  share: boolean;
}

/** Every gateway call the fake answers, by the method's name. */
export type Call =
  | keyof FoldersGateway
  | keyof ContentsGateway
  | keyof TaggingGateway
  | keyof SearchGateway
  | keyof ArchivesGateway
  | keyof EnrichmentGateway
  | keyof ExternalSharesGateway
  | keyof DraftsGateway
  | 'withToken';

interface Failure {
  error: ProviderError;
  /** Tries left to fail; Infinity for always. */
  left: number;
  /** Only calls whose arguments match (e.g. one folder id); every call when absent. */
  when?: (args: unknown[]) => boolean;
}

/**
 * One in-memory provider behind every gateway interface of the hub's features, with the built-in
 * provider's semantics for what it models: per-folder ACLs per group, a user's rights the union of
 * their groups' entries (no inheritance down the tree), contents visible through a folder the user
 * sees (owning one gives no right), links and unlinks that need `write` on the folder and are
 * idempotent, tags and metadata that need `write` on a folder of the content, trash that leaves
 * every folder. Enrichment, external shares and drafts are its parts (`enrichment`,
 * `externalShares`, `drafts`), over the same folders, contents and calls. Calls are logged in
 * `calls`, and any call can be made to fail with a ProviderError (`fail`).
 */
export class InMemoryProvider
  implements FoldersGateway, ContentsGateway, TaggingGateway, SearchGateway, ArchivesGateway, ServiceSession
{
  readonly folders = new Map<string, FolderRecord>();
  /** Username → the groups the user is linked to. */
  readonly members = new Map<string, string[]>();
  readonly contents = new Map<string, ContentRecord>();
  readonly calls: { call: Call; args: unknown[] }[] = [];
  private readonly failures = new Map<Call, Failure[]>();
  private readonly archives = new Map<string, ArchiveRequest>();
  private nextId = 1;
  /** The provider's time (share expiry, draft dates); tests put their fixed clock here. */
  now: () => Date = () => new Date();
  readonly enrichment = new InMemoryEnrichment(this);
  readonly externalShares = new InMemoryExternalShares(this);
  readonly drafts = new InMemoryDrafts(this);

  /** A testing module of `subjects` (services and their stand-ins) over this provider's gateways. */
  compile(subjects: Provider[]): Promise<TestingModule> {
    return Test.createTestingModule({ providers: [...subjects, ...this.providers()] }).compile();
  }

  /** Every gateway token, answered by this provider or one of its parts. */
  private providers(): Provider[] {
    return [
      ...[
        FOLDERS_GATEWAY,
        CONTENTS_GATEWAY,
        TAGGING_GATEWAY,
        SEARCH_GATEWAY,
        ARCHIVES_GATEWAY,
        SERVICE_SESSION,
      ].map((provide) => ({ provide, useValue: this })),
      { provide: ENRICHMENT_GATEWAY, useValue: this.enrichment },
      { provide: EXTERNAL_SHARES_GATEWAY, useValue: this.externalShares },
      { provide: DRAFTS_GATEWAY, useValue: this.drafts },
    ];
  }

  id(prefix: string): string {
    return `${prefix}-${this.nextId++}`;
  }

  /**
   * The next `times` calls of `call` (Infinity: every one) whose arguments `when` accepts fail with
   * a ProviderError of `code`; `transient` like an outage (the job retries) or a refusal.
   */
  fail(
    call: Call,
    code: ErrorCode,
    options: { transient?: boolean; times?: number; when?: (args: unknown[]) => boolean } = {},
  ): void {
    const { transient = false, times = 1, when } = options;
    const failure = {
      error: new ProviderError(code, transient, `scripted ${call} failure`),
      left: times,
      when,
    };
    this.failures.set(call, [...(this.failures.get(call) ?? []), failure]);
  }

  /** How many times `call` was made (whatever its outcome), optionally only with matching arguments. */
  count(call: Call, when: (args: unknown[]) => boolean = () => true): number {
    return this.calls.filter((c) => c.call === call && when(c.args)).length;
  }

  folderByPrettyId(prettyId: string): FolderRecord {
    const found = [...this.folders.values()].find((f) => f.prettyId === prettyId);
    if (!found) throw new Error(`No folder ${prettyId} in the model`);
    return found;
  }

  /** The prettyIds of the folders a content is linked to, sorted (assertions read these). */
  placesOf(contentId: string): string[] {
    return this.content(contentId)
      .folderIds.map((id) => this.folders.get(id)!.prettyId)
      .sort();
  }

  tagsOf(contentId: string): string[] {
    return this.content(contentId)
      .itags.map((t) => t.id)
      .sort();
  }

  metaOf(contentId: string, key: string): string | null {
    return this.content(contentId).imetadata.find((m) => m.key === key)?.value ?? null;
  }

  // ServiceSession

  token(): Promise<string> {
    return Promise.resolve(tokenOf(SERVICE_USER));
  }

  invalidate(): void {}

  async withToken<T>(fn: (token: string) => Promise<T>): Promise<T> {
    this.enter('withToken', []);
    return fn(tokenOf(SERVICE_USER));
  }

  // FoldersGateway

  async allFolders(token: string): Promise<ProviderFolder[]> {
    this.enter('allFolders', [token]);
    return [...this.folders.values()].filter((f) => this.grant(token, f)).map((f) => this.toFolder(token, f));
  }

  async subFolders(token: string, parent: Pick<ProviderFolder, 'id'>): Promise<ProviderFolder[]> {
    this.enter('subFolders', [token, parent.id]);
    return (await this.allFolders(token)).filter((f) => f.parentId === parent.id);
  }

  async folder(token: string, folderId: string): Promise<ProviderFolder> {
    this.enter('folder', [token, folderId]);
    return this.toFolder(token, this.visibleFolder(token, folderId));
  }

  async foldersByIds(token: string, ids: string[]): Promise<ProviderFolder[]> {
    this.enter('foldersByIds', [token, ids]);
    return ids
      .map((id) => [...this.folders.values()].find((f) => f.id === id || f.prettyId === id))
      .filter((f): f is FolderRecord => !!f && !!this.grant(token, f))
      .map((f) => this.toFolder(token, f));
  }

  category(token: string, folderId: string): Promise<ProviderFolder> {
    return this.folder(token, folderId);
  }

  createFolder(): Promise<string> {
    return this.notModelled('createFolder');
  }

  renameFolder(): Promise<void> {
    return this.notModelled('renameFolder');
  }

  changePrettyId(): Promise<void> {
    return this.notModelled('changePrettyId');
  }

  deleteFolder(): Promise<void> {
    return this.notModelled('deleteFolder');
  }

  /** Needs `write` on the folder; unknown or trashed contents come back in `notLinked`; linking twice is a no-op. */
  async linkContents(
    token: string,
    folderId: string,
    contentIds: string[],
  ): Promise<{ notLinked: string[] }> {
    this.enter('linkContents', [token, folderId, contentIds]);
    return this.relink(token, folderId, contentIds, (c, id) => {
      if (!c.folderIds.includes(id)) c.folderIds.push(id);
    });
  }

  async unlinkContents(
    token: string,
    folderId: string,
    contentIds: string[],
  ): Promise<{ notLinked: string[] }> {
    this.enter('unlinkContents', [token, folderId, contentIds]);
    return this.relink(token, folderId, contentIds, (c, id) => {
      c.folderIds = c.folderIds.filter((f) => f !== id);
    });
  }

  /**
   * The built-in provider's rule: share on a folder at or below an internal-shared (arch06) one, or
   * below the shared archive (its channels).
   */
  async sharingFolderIds(token: string): Promise<string[]> {
    this.enter('sharingFolderIds', [token]);
    const parentOf = (f: FolderRecord) => this.folders.get(f.parentId ?? '');
    const sharing = (f: FolderRecord | undefined): boolean =>
      !!f &&
      (specialCodeOf(f.prettyId)?.code === FOLDER_CODES.internalShared ||
        parentOf(f)?.prettyId === FIXED_FOLDER_IDS.sharedArchive ||
        sharing(parentOf(f)));
    return [...this.folders.values()]
      .filter((f) => sharing(f) && this.grant(token, f)?.share)
      .map((f) => f.id);
  }

  // ContentsGateway

  async contentsByIds(token: string, ids: string[]): Promise<ProviderContentDetail[]> {
    this.enter('contentsByIds', [token, ids]);
    return [...new Set(ids)]
      .map((id) => this.contents.get(id))
      .filter((c): c is ContentRecord => !!c && !c.trashed && this.sees(token, c))
      .map((c) => this.toDetail(token, c));
  }

  /** Answers the ids it could not trash (unknown, or no write); trashing twice is harmless. */
  async trash(token: string, ids: string[]): Promise<string[]> {
    this.enter('trash', [token, ids]);
    const inIssue: string[] = [];
    for (const id of new Set(ids)) {
      const content = this.contents.get(id);
      if (content?.trashed) continue;
      if (!content || !this.writes(token, content)) inIssue.push(id);
      else Object.assign(content, { trashed: true, folderIds: [] });
    }
    return inIssue;
  }

  /** A business refusal (THRON's 418) carries `failure`, the E-code of this rename step. */
  async addLocale(
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void> {
    this.enter('addLocale', [token, contentId, locale, name]);
    const content = this.writable(token, contentId);
    if (content.locales.some((l) => l.locale === locale)) throw this.refusal(failure);
    content.locales.push({ locale, name });
  }

  async updateLocale(
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void> {
    this.enter('updateLocale', [token, contentId, locale, name]);
    const localised = this.writable(token, contentId).locales.find((l) => l.locale === locale);
    if (!localised) throw this.refusal(failure);
    localised.name = name;
  }

  async stream(token: string, contentId: string, kind: string): Promise<ProviderBytes> {
    this.enter('stream', [token, contentId, kind]);
    this.visibleContent(token, contentId);
    return { status: 200, headers: { etag: `"${contentId}-${kind}"` }, body: Readable.from([kind]) };
  }

  async thumbnail(token: string, contentId: string, divArea: string): Promise<ProviderBytes> {
    this.enter('thumbnail', [token, contentId, divArea]);
    this.visibleContent(token, contentId);
    return { status: 200, headers: { etag: `"${contentId}-${divArea}"` }, body: Readable.from([divArea]) };
  }

  upload(): Promise<UploadedFile> {
    return this.notModelled('upload');
  }

  checkInsert(): Promise<void> {
    return this.notModelled('checkInsert');
  }

  insert(): Promise<string> {
    return this.notModelled('insert');
  }

  updateSource(): Promise<number> {
    return this.notModelled('updateSource');
  }

  // TaggingGateway: tags by id (the workflow's prettyIds are ids here); `write` on a folder of the content.

  async addTags(
    token: string,
    contentIds: string[],
    tagIds: string[],
    classificationId: string,
  ): Promise<void> {
    this.enter('addTags', [token, contentIds, tagIds, classificationId]);
    for (const content of contentIds.map((id) => this.writable(token, id)))
      for (const id of tagIds)
        if (!content.itags.some((t) => t.id === id)) content.itags.push({ id, classificationId });
  }

  async removeTags(
    token: string,
    contentIds: string[],
    tagIds: string[],
    classificationId: string,
  ): Promise<void> {
    this.enter('removeTags', [token, contentIds, tagIds, classificationId]);
    for (const content of contentIds.map((id) => this.writable(token, id)))
      content.itags = content.itags.filter((t) => !tagIds.includes(t.id));
  }

  async setMetadata(
    token: string,
    contentId: string,
    entries: { key: string; value: string }[],
    classificationId: string,
  ): Promise<void> {
    this.enter('setMetadata', [token, contentId, entries, classificationId]);
    const content = this.writable(token, contentId);
    const keys = new Set(entries.map((e) => e.key));
    content.imetadata = [
      ...content.imetadata.filter((m) => !keys.has(m.key)),
      ...entries.map((e) => ({ ...e, classificationId })),
    ];
  }

  async removeMetadata(
    token: string,
    contentId: string,
    keys: string[],
    classificationId: string,
  ): Promise<void> {
    this.enter('removeMetadata', [token, contentId, keys, classificationId]);
    const content = this.writable(token, contentId);
    content.imetadata = content.imetadata.filter((m) => !keys.includes(m.key));
  }

  // SearchGateway: folder, content-id and text criteria; creation order is insertion order.

  async findContents(
    token: string,
    criteria: ContentCriteria,
    page: ContentPageRequest,
  ): Promise<ProviderSearchHit[]> {
    this.enter('findContents', [token, criteria, page]);
    const hits = this.matching(token, criteria).map((c) => this.toHit(c));
    if (page.descending) hits.reverse();
    return hits.slice(page.offset, page.offset + page.limit);
  }

  /** Token-paged in findContents' order: a token is where the next page starts. */
  async pageInOrder(
    token: string,
    criteria: ContentCriteria,
    page: OrderedPageRequest,
  ): Promise<OrderedPage> {
    this.enter('pageInOrder', [token, criteria, page]);
    const ids = this.matching(token, criteria).map((c) => c.id);
    if (page.descending) ids.reverse();
    const start = Number(page.pageToken ?? 0);
    const end = start + page.limit;
    return { ids: ids.slice(start, end), next: end < ids.length ? String(end) : undefined };
  }

  async countMatches(token: string, criteria: ContentCriteria): Promise<number> {
    this.enter('countMatches', [token, criteria]);
    return this.matching(token, criteria).length;
  }

  async countContents(token: string, criteria: ContentCriteria): Promise<number> {
    this.enter('countContents', [token, criteria]);
    return this.matching(token, criteria).length;
  }

  // ArchivesGateway: every content must exist and be visible, else NOT_FOUND (as the interface says).

  async prepare(token: string, request: ArchiveRequest): Promise<string> {
    this.enter('prepare', [token, request]);
    for (const id of request.contentIds) this.visibleContent(token, id);
    const downloadId = this.id('download');
    this.archives.set(downloadId, request);
    return downloadId;
  }

  async download(token: string, downloadId: string): Promise<{ body: Readable; length: number | null }> {
    this.enter('download', [token, downloadId]);
    const request = this.archives.get(downloadId);
    if (!request) throw this.refusal(ERROR_CODES.NOT_FOUND);
    return { body: Readable.from(request.contentIds), length: null };
  }

  // The model, shared with the parts

  /** Logs the call, then throws the first scripted failure that applies. */
  enter(call: Call, args: unknown[]): void {
    this.calls.push({ call, args });
    const failure = this.failures.get(call)?.find((f) => f.left > 0 && (!f.when || f.when(args)));
    if (!failure) return;
    failure.left -= 1;
    throw failure.error;
  }

  /** A business refusal, as the gateways map the provider's: not transient, nothing changed. */
  refusal(code: ErrorCode): ProviderError {
    return new ProviderError(code, false, `in-memory provider: ${code}`);
  }

  private notModelled(call: Call): Promise<never> {
    return Promise.reject(new Error(`${call} is not modelled by the in-memory provider`));
  }

  userOf(token: string): string {
    if (!token.startsWith('token-of-'))
      throw new ProviderError(ERROR_CODES.UNAUTHENTICATED, false, 'bad token');
    return token.slice('token-of-'.length);
  }

  /** The token a user's calls carry here. */
  tokenOf(username: string): string {
    return tokenOf(username);
  }

  isServiceAccount(token: string): boolean {
    return this.userOf(token) === SERVICE_USER;
  }

  /** The roles the user's groups give (deriveRoles, as at sign-in). */
  rolesOf(token: string): Role[] {
    const groups = this.members.get(this.userOf(token)) ?? [];
    return deriveRoles(groups.map((name) => ({ id: name, name }))).roles;
  }

  /** The caller's rights on a content; none on one unknown or trashed. */
  rightsOf(token: string, contentId: string): ContentRights {
    const c = this.contents.get(contentId);
    if (!c || c.trashed || !this.sees(token, c)) return { read: false, modify: false, share: false };
    return {
      read: true,
      modify: this.writes(token, c),
      share: c.folderIds.some((id) => !!this.grant(token, this.folders.get(id)!)?.share),
    };
  }

  /** The union of the user's groups' entries on the folder; undefined when none shows it. */
  private grant(token: string, folder: FolderRecord): Grant | undefined {
    const entries = (this.members.get(this.userOf(token)) ?? []).flatMap((g) => folder.acl.get(g) ?? []);
    if (!entries.length) return undefined;
    return {
      write: entries.some((e) => e.write),
      share: entries.some((e) => e.share),
      manage: entries.some((e) => e.manage),
    };
  }

  private visibleFolder(token: string, idOrPrettyId: string): FolderRecord {
    const folder = [...this.folders.values()].find(
      (f) => f.id === idOrPrettyId || f.prettyId === idOrPrettyId,
    );
    if (!folder || !this.grant(token, folder)) throw this.refusal(ERROR_CODES.NOT_FOUND);
    return folder;
  }

  private sees(token: string, c: ContentRecord): boolean {
    return c.folderIds.some((id) => !!this.grant(token, this.folders.get(id)!));
  }

  private writes(token: string, c: ContentRecord): boolean {
    return c.folderIds.some((id) => !!this.grant(token, this.folders.get(id)!)?.write);
  }

  private visibleContent(token: string, contentId: string): ContentRecord {
    const content = this.contents.get(contentId);
    if (!content || content.trashed || !this.sees(token, content)) throw this.refusal(ERROR_CODES.NOT_FOUND);
    return content;
  }

  private writable(token: string, contentId: string): ContentRecord {
    const content = this.visibleContent(token, contentId);
    if (!this.writes(token, content)) throw this.refusal(ERROR_CODES.FORBIDDEN);
    return content;
  }

  private content(contentId: string): ContentRecord {
    const content = this.contents.get(contentId);
    if (!content) throw new Error(`No content ${contentId} in the model`);
    return content;
  }

  private relink(
    token: string,
    folderId: string,
    contentIds: string[],
    apply: (c: ContentRecord, folderId: string) => void,
  ): { notLinked: string[] } {
    const folder = this.visibleFolder(token, folderId);
    if (!this.grant(token, folder)?.write) throw this.refusal(ERROR_CODES.FORBIDDEN);
    const notLinked: string[] = [];
    for (const id of new Set(contentIds)) {
      const content = this.contents.get(id);
      if (!content || content.trashed) notLinked.push(id);
      else apply(content, folder.id);
    }
    return { notLinked };
  }

  private ancestorIds(folder: FolderRecord): string[] {
    const ids: string[] = [];
    for (let up = folder.parentId; up; up = this.folders.get(up)?.parentId ?? null) ids.unshift(up);
    return ids;
  }

  private matching(token: string, criteria: ContentCriteria): ContentRecord[] {
    const inFolders = criteria.folderIds?.map((id) => this.visibleFolder(token, id).id);
    return [...this.contents.values()].filter(
      (c) =>
        !c.trashed &&
        this.sees(token, c) &&
        (!inFolders ||
          c.folderIds.some(
            (f) =>
              inFolders.includes(f) ||
              (criteria.cascade && this.ancestorIds(this.folders.get(f)!).some((a) => inFolders.includes(a))),
          )) &&
        (!criteria.contentIds || criteria.contentIds.includes(c.id)) &&
        (!criteria.text ||
          c.locales.some((l) => l.name.toLowerCase().includes(criteria.text!.toLowerCase()))),
    );
  }

  private toFolder(token: string, f: FolderRecord): ProviderFolder {
    const grant = this.grant(token, f) ?? {};
    return {
      id: f.id,
      prettyId: f.prettyId,
      parentId: f.parentId,
      ancestorIds: this.ancestorIds(f),
      names: f.names,
      isSupplier: f.isSupplier,
      originId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      numberOfSubCategories: [...this.folders.values()].filter(
        (s) => s.parentId === f.id && this.grant(token, s),
      ).length,
      rights: {
        show: true,
        manage: grant.manage ?? false,
        share: grant.share ?? false,
        write: grant.write ?? false,
      },
    };
  }

  private toDetail(token: string, c: ContentRecord): ProviderContentDetail {
    return {
      id: c.id,
      contentType: c.contentType,
      state: c.state ?? 'PUBLISHED',
      version: c.version,
      creationDate: '2026-01-01T00:00:00.000Z',
      lastUpdate: '2026-01-01T00:00:00.000Z',
      owner: c.owner,
      userId: c.owner,
      ownerType: 'USER',
      availableChannels: [],
      sourceExtension: c.extension,
      locales: c.locales.map((l) => ({ ...l })),
      linkedCategoryIds: [...c.folderIds],
      linkedCategories: c.folderIds.map((id) => {
        const f = this.folders.get(id)!;
        return {
          id,
          prettyId: f.prettyId,
          names: Object.entries(f.names).map(([locale, name]) => ({ locale, name })),
          isSupplier: f.isSupplier,
        };
      }),
      source: null,
      derivatives: [],
      imetadata: c.imetadata.map((m) => ({ ...m, lang: null })),
      // A tag defined through `enrichment` has its own prettyId (or none); a workflow tag is its prettyId.
      itags: c.itags.map((t) => ({
        id: t.id,
        classificationId: t.classificationId,
        prettyId: this.enrichment.tags.has(t.id) ? this.enrichment.tags.get(t.id)!.prettyId : t.id,
        names: [],
      })),
      userRights: { write: this.writes(token, c), share: this.rightsOf(token, c.id).share },
    };
  }

  private toHit(c: ContentRecord): ProviderSearchHit {
    return {
      id: c.id,
      contentType: c.contentType,
      extension: c.extension,
      locales: c.locales.map((l) => ({ ...l, description: '' })),
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ownerUsername: c.owner,
      ownerFullName: c.owner,
      version: c.version,
      state: 'PUBLISHED',
    };
  }
}
