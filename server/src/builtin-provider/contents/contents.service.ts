import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONTENT_VERSION_METADATA, LIMITS, isSuppliersRootPrettyId } from '@paddock/rules';
import {
  BLOB_STORE,
  BlobNotFoundError,
  InvalidBlobKeyError,
  type BlobStore,
  type BlobWritten,
} from '../../blob-store/blob-store';
import { digestOf } from '../../blob-store/blob-digest';
import { INTERNAL_HEADERS } from '../../common/byte-stream';
import { CLOCK, type Clock } from '../../common/clock';
import { RecentCache } from '../../common/recent-cache';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { JobName } from '../../jobs/job-catalogue';
import { JobsService } from '../../jobs/jobs.service';
import { AccessRepository } from '../access/access.repository';
import { contentRights, mayRemove, type ContentRights } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError } from '../thron.errors';
import { fullNameOf } from '../identity/identity-user';
import { ProviderHolds } from '../holds/provider-holds';
import { answerBytes, storedFileOf, type ByteRequestHeaders, type StreamAnswer } from './content-bytes';
import { blurredFolderOf, sourceKeyOf } from './content-blob-keys';
import { ContentRepository, type NewSource } from './content.repository';
import type {
  CheckInsertForm,
  ContentDetailWire,
  InsertForm,
  LocaleDetailForm,
  S3Source,
  UpdateSourceForm,
} from './contents.dto';
import { CONTENT_FAILURES, LOCAL_BUCKET } from './contents.errors';
import { toContentDetailWire } from './contents.wire';
import { INCOMING_PREFIX } from './purge-incoming-orphans.handler';
import { extensionOf, keySegmentOf } from '../../common/file-names';
import { mimeTypeOf } from './media-types';

/** content_version lives in the first metadata classification of SPEC §3; only the provider writes it. */
export const VERSION_METADATA = { classificationId: 'ggdyqo', key: CONTENT_VERSION_METADATA } as const;

/** Locales a content gets when `initAllLocales` is set (THRON fills every client locale). */
const CLIENT_LOCALES = ['IT', 'EN'] as const;

/** Asks for a version's derivatives; the derivatives job (queue media) does the work. */
@Injectable()
export class DerivativesRequester {
  private readonly logger = new Logger(DerivativesRequester.name);

  constructor(private readonly jobs: JobsService) {}

  async request(contentId: string, version: number, actor: string): Promise<void> {
    try {
      await this.jobs.submit(JobName.MakeDerivatives, { contentId, version }, actor, {
        jobId: `derivatives-${contentId}-v${version}`,
      });
    } catch (err) {
      // The content exists either way; it stays PROCESSING and shows a placeholder until a retry.
      this.logger.error({ err, contentId, version }, 'Could not request derivatives');
    }
  }
}

/** The settings of the store's bucket and of the key getS3UploadCredentials hands out. */
export type ContentsStoreConfig = Pick<
  AppConfig,
  | 'BLOB_STORE'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY'
  | 'S3_SECRET_KEY'
  | 'S3_UPLOAD_ACCESS_KEY'
  | 'S3_UPLOAD_SECRET_KEY'
>;

/** research §3.8's answer; `path` is the prefix the caller writes under. */
export interface S3UploadCredentials {
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken: string };
  bucketName: string;
  path: string;
  region: string;
}

/** Uploads measured here and not yet taken into a source: an upload is taken at once (the hub inserts right after). */
const MEASURED = { capacity: 1_000, ttlMs: 60 * 60_000 };

/** The built-in provider's contents: direct upload, insert, versions, locales, detail, trash, bytes. */
@Injectable()
export class ContentsService {
  /** The bucket `sources[].s3.bucket` must name: the S3 store's, or LOCAL_BUCKET on disk. */
  private readonly bucket: string;
  /**
   * What `upload` measured of each file it wrote into the incoming area, on the disk store: a file
   * there is written once, under a fresh name, by this route only, so a rename into a source keeps
   * it and a gigabyte need not be read again. A handed-over file is measured by its size only (its
   * sha256 and CRC-32 come with the derivatives job). On S3 callers write their incoming files themselves.
   */
  private readonly measured: RecentCache<BlobWritten>;

  constructor(
    private readonly contents: ContentRepository,
    private readonly access: AccessRepository,
    private readonly derivatives: DerivativesRequester,
    private readonly holds: ProviderHolds,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: ContentsStoreConfig,
  ) {
    this.bucket = config.BLOB_STORE === 's3' ? (config.S3_BUCKET ?? '') : LOCAL_BUCKET;
    this.measured = new RecentCache(MEASURED.capacity, MEASURED.ttlMs, clock);
  }

  /**
   * Streams a request body into the blob store's incoming area. `sha256` is null when the store took
   * a handed-over file by rename without reading it (the derivatives job measures the source later).
   */
  async upload(caller: ProviderCaller, fileName: string, body: Readable) {
    const filePath = `${incomingPrefixOf(caller)}${randomUUID()}/${keySegmentOf(fileName)}`;
    const written = await this.blobs.put(filePath, body);
    if (this.config.BLOB_STORE !== 's3') this.measured.set(filePath, written);
    return { bucket: this.bucket, filePath, size: written.size, sha256: written.sha256 };
  }

  /**
   * Where the caller may write a file before content/insert (research §3.8): a fresh prefix in the
   * caller's incoming area of the store's bucket, and the upload key of the configuration (there
   * is no STS to mint a session key, so `sessionToken` is empty). Refused on the disk store.
   */
  async s3UploadCredentials(caller: ProviderCaller): Promise<S3UploadCredentials> {
    if (this.config.BLOB_STORE !== 's3') throw new ThronError(CONTENT_FAILURES.noS3Bucket);
    return {
      credentials: {
        accessKeyId: this.config.S3_UPLOAD_ACCESS_KEY ?? this.config.S3_ACCESS_KEY ?? '',
        secretAccessKey: this.config.S3_UPLOAD_SECRET_KEY ?? this.config.S3_SECRET_KEY ?? '',
        sessionToken: '',
      },
      bucketName: this.bucket,
      path: `${incomingPrefixOf(caller)}${randomUUID()}`,
      region: this.config.S3_REGION,
    };
  }

  async checkInsert(caller: ProviderCaller, form: CheckInsertForm): Promise<void> {
    if (form.linkedCategoryIds.length) await this.requireWritableFolders(caller, form.linkedCategoryIds);
    if (form.contentId) {
      await this.requireWritableContent(caller, form.contentId);
      await this.holds.refuseContent(form.contentId);
    }
  }

  async insert(caller: ProviderCaller, form: InsertForm) {
    const { contentType, contentOpt, sources } = form.param;
    await this.requireWritableFolders(caller, contentOpt.linkedCategoryIds);
    const s3 = sources[0].s3;
    const fileName = s3.newFileName ?? s3.filePath.split('/').pop() ?? 'file';
    const extension = extensionOf(s3.filePath.split('/').pop() ?? fileName);
    const id = randomUUID();
    const source = await this.takeSource(caller, s3, id, 1, extension, fileName);
    const given = new Map(contentOpt.basicInfoByLocale.map((l) => [l.locale, l]));
    if (contentOpt.initAllLocales)
      for (const locale of CLIENT_LOCALES)
        if (!given.has(locale))
          given.set(locale, { locale, name: fileName.slice(0, LIMITS.nameMaxLength), description: '' });
    try {
      await this.contents.create({
        id,
        contentType,
        sourceExtension: extension,
        ownerUsername: caller.user.username,
        ownerFullName: fullNameOf(caller.user),
        locales: [...given.values()].map((l) => ({
          locale: l.locale,
          name: l.name,
          description: l.description ?? '',
        })),
        categoryIds: contentOpt.linkedCategoryIds,
        source,
      });
    } catch (error) {
      await this.blobs.delete(source.blobKey);
      throw error;
    }
    await this.derivatives.request(id, 1, caller.user.username);
    return { xcontentId: id, actionsInError: [] as string[], content: await this.detailOf(caller, id) };
  }

  /** A new version; refused on a held content (a hold keeps the source as it is, for everyone). */
  async updateSource(caller: ProviderCaller, form: UpdateSourceForm) {
    await this.requireWritableContent(caller, form.contentId);
    await this.holds.refuseContent(form.contentId);
    const current = await this.contents.findSummary(form.contentId);
    if (!current) throw new ThronError(CONTENT_FAILURES.contentNotExists);
    const s3 = form.sources[0].s3;
    const fileName = s3.newFileName ?? s3.filePath.split('/').pop() ?? 'file';
    const extension = extensionOf(s3.filePath.split('/').pop() ?? fileName);
    const version = current.version + 1;
    const source = await this.takeSource(caller, s3, form.contentId, version, extension, fileName);
    const added = await this.contents
      .addVersion(form.contentId, source, extension, VERSION_METADATA)
      .catch(async (error: unknown) => {
        await this.blobs.delete(source.blobKey);
        throw error;
      });
    if (!added) {
      await this.blobs.delete(source.blobKey);
      throw new ThronError(CONTENT_FAILURES.updateClash);
    }
    await this.derivatives.request(form.contentId, version, caller.user.username);
    return { xcontentId: form.contentId, version, content: await this.detailOf(caller, form.contentId) };
  }

  async addLocale(caller: ProviderCaller, form: LocaleDetailForm): Promise<void> {
    await this.requireWritableContent(caller, form.contentId);
    const { locale, name, description } = form.detail;
    if (await this.contents.hasLocale(form.contentId, locale))
      throw new ThronError(CONTENT_FAILURES.localeExists);
    await this.contents.addLocale(form.contentId, locale, name, description ?? '');
  }

  /** THRON's update overwrites the whole locale entry: an omitted description is emptied. */
  async updateLocale(caller: ProviderCaller, form: LocaleDetailForm): Promise<void> {
    await this.requireWritableContent(caller, form.contentId);
    const { locale, name, description } = form.detail;
    if (!(await this.contents.hasLocale(form.contentId, locale)))
      throw new ThronError(CONTENT_FAILURES.localeNotExists);
    await this.contents.updateLocale(form.contentId, locale, name, description ?? '');
  }

  /** The contents among `ids` the caller may see (others are left out, as THRON's search does). */
  async contentsByIds(caller: ProviderCaller, ids: string[]): Promise<ContentDetailWire[]> {
    const rights = await this.rightsOf(caller, ids);
    const readable = [...rights].filter(([, r]) => r.read).map(([id]) => id);
    const rows = readable.length ? await this.contents.findManyWithDetail(readable) : [];
    const details = rows.flatMap((row) => {
      const r = rights.get(row.id);
      return r ? [toContentDetailWire(row, { write: r.modify, share: r.share })] : [];
    });
    const order = new Map(ids.map((id, i) => [id, i]));
    return details.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  /**
   * Trashes what the caller may modify and no legal hold keeps (trashed, a content leaves the
   * folders that hold it); the others are named in `contentsInIssue`.
   */
  async trash(caller: ProviderCaller, ids: string[]): Promise<{ contentsInIssue: string[] }> {
    const access = await this.access.contentAccess(caller, ids);
    const modifiable = [...new Set(ids)].filter((id) => {
      const a = access.get(id);
      return a && contentRights(a).modify;
    });
    const held = await this.holds.heldAmong(modifiable);
    const contentsInIssue: string[] = [];
    for (const id of new Set(ids)) {
      if (!modifiable.includes(id) || held.has(id)) contentsInIssue.push(id);
      else await this.contents.trash(id, this.clock.now());
    }
    return { contentsInIssue };
  }

  /** Permanent delete (mayRemove, no legal hold): the rows, then every source, derivative and blurred file. */
  async remove(caller: ProviderCaller, id: string): Promise<void> {
    const access = (await this.access.contentAccess(caller, [id])).get(id);
    if (!access || !mayRemove(access, caller))
      throw new ThronError(
        access && contentRights(access).read
          ? CONTENT_FAILURES.accessDenied
          : CONTENT_FAILURES.contentNotExists,
      );
    await this.holds.refuseContent(id);
    const keys = await this.contents.remove(id);
    for (const key of keys) await this.blobs.delete(key);
    for await (const blob of this.blobs.list(blurredFolderOf(id))) await this.blobs.delete(blob.key);
  }

  /** The bytes of a version's source (`kind` 'source') or of one of its derivatives. */
  async stream(
    caller: ProviderCaller,
    contentId: string,
    kind: string,
    version: number | undefined,
    headers: ByteRequestHeaders,
  ): Promise<StreamAnswer> {
    const rights = (await this.rightsOf(caller, [contentId])).get(contentId);
    const access = rights?.read ? await this.contents.findSummary(contentId) : null;
    if (!access) throw new ThronError(CONTENT_FAILURES.contentNotExists);
    const v = version ?? access.version;
    const file = await storedFileOf(this.contents, contentId, v, kind);
    if (!file)
      throw new ThronError(
        kind === 'source' ? CONTENT_FAILURES.fileNotFound : CONTENT_FAILURES.derivativeNotExists,
      );
    const contentHeaders: Record<string, string> = {
      [INTERNAL_HEADERS.version]: String(v),
      [INTERNAL_HEADERS.contentType]: access.contentType,
    };
    if (kind === 'source') contentHeaders[INTERNAL_HEADERS.fileName] = encodeURIComponent(file.fileName);
    return answerBytes(this.blobs, file, contentHeaders, headers);
  }

  /** Moves (or copies) an uploaded file to the content's place in the store. */
  private async takeSource(
    caller: ProviderCaller,
    s3: S3Source,
    contentId: string,
    version: number,
    extension: string,
    fileName: string,
  ): Promise<NewSource> {
    // Only the caller's own uploads may become a source: another user's incoming file is not theirs.
    if (s3.bucket !== this.bucket || !s3.filePath.startsWith(incomingPrefixOf(caller)))
      throw new ThronError(CONTENT_FAILURES.fileNotFound);
    const blobKey = sourceKeyOf(contentId, version, extension);
    let written: BlobWritten;
    try {
      if (s3.removeSourceFile) {
        // A rename keeps the upload's bytes and what the upload measured, even the size alone (the
        // derivatives job reads every new source and fills in sha256 and CRC-32: the insert does
        // not wait for a read of the whole file). A file no upload here measured is read once.
        const known = this.measured.get(s3.filePath);
        this.measured.delete(s3.filePath);
        await this.blobs.move(s3.filePath, blobKey);
        written = known ?? (await digestOf(await this.blobs.get(blobKey)));
      } else {
        written = await this.blobs.put(blobKey, await this.blobs.get(s3.filePath));
      }
    } catch (error) {
      if (error instanceof BlobNotFoundError || error instanceof InvalidBlobKeyError)
        throw new ThronError(CONTENT_FAILURES.fileNotFound);
      throw error;
    }
    return {
      version,
      blobKey,
      fileName: fileName.slice(0, 255),
      mimeType: mimeTypeOf(extension),
      size: BigInt(written.size),
      sha256: written.sha256,
      crc32: written.crc32 === null ? null : BigInt(written.crc32),
      createdBy: caller.user.username,
    };
  }

  private async requireWritableFolders(caller: ProviderCaller, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    const folders = await this.contents.existingFolders(unique);
    const rights = await this.access.folderRights(caller, unique);
    // A folder the caller cannot see answers as an unknown id: no existence oracle (issue 11).
    if (folders.length !== unique.length || unique.some((id) => !rights.has(id)))
      throw new ThronError(CONTENT_FAILURES.categoryNotExists);
    // Checked before write: the suppliers folder refuses uploads whoever asks (SPEC §5).
    if (folders.some((f) => isSuppliersRootPrettyId(f.prettyId)))
      throw new ThronError(CONTENT_FAILURES.suppliersFolder);
    if (unique.some((id) => !rights.get(id)?.write)) throw new ThronError(CONTENT_FAILURES.accessDenied);
  }

  /** THRON's MODIFY (contentRights); a content the caller may not even read is absent. */
  private async requireWritableContent(caller: ProviderCaller, contentId: string): Promise<void> {
    const rights = (await this.rightsOf(caller, [contentId])).get(contentId);
    if (rights?.modify) return;
    throw new ThronError(rights?.read ? CONTENT_FAILURES.accessDenied : CONTENT_FAILURES.contentNotExists);
  }

  private async rightsOf(caller: ProviderCaller, ids: string[]): Promise<Map<string, ContentRights>> {
    const access = await this.access.contentAccess(caller, ids);
    return new Map([...access].map(([id, a]) => [id, contentRights(a)]));
  }

  private async detailOf(caller: ProviderCaller, id: string): Promise<ContentDetailWire> {
    const [detail] = await this.contentsByIds(caller, [id]);
    if (!detail) throw new ThronError(CONTENT_FAILURES.contentNotExists);
    return detail;
  }
}

/** A user's files before they become sources: uploads and S3 credentials write here, insert takes from here. */
function incomingPrefixOf(caller: ProviderCaller): string {
  return `${INCOMING_PREFIX}${caller.user.id}/`;
}
