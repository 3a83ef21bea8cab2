import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, ASSET_ERROR_CODES, ERROR_CODES, type ContentType, type ErrorCode } from '@paddock/rules';
import { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { z } from 'zod';
import { createS3Client } from '../blob-store/s3-blob-store';
import { keySegmentOf } from '../common/file-names';
import { chunks } from './tagging.gateway';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import type { InProcessStreams } from './in-process-streams';
import { PROVIDER_PATHS } from './provider-paths';
import { callsInFlight } from './calls-in-flight';
import { envelopeSchema, providerFailure, unreachable } from './provider.errors';
import { ProviderError } from '../common/provider-error';
import { callProvider, streamedRefusalBody, tokenHeader } from './provider-call';

const contentDetailSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  state: z.string(),
  version: z.number().int(),
  creationDate: z.string(),
  lastUpdate: z.string(),
  owner: z.string(),
  userId: z.string(),
  sourceExtension: z.string(),
  locales: z.array(z.object({ locale: z.string(), name: z.string(), description: z.string().optional() })),
  linkedCategoryIds: z.array(z.string()),
  linkedCategories: z.array(
    z
      .object({
        id: z.string(),
        prettyId: z.string(),
        names: z.array(z.object({ locale: z.string(), name: z.string() })),
        metadatas: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
      })
      // SPEC §3's isSupplier travels as a category metadata, as on folders.
      .transform(({ metadatas, ...category }) => ({
        ...category,
        isSupplier: metadatas.some((m) => m.name === 'isSupplier' && m.value === 'true'),
      })),
  ),
  source: z
    .object({
      version: z.number(),
      fileName: z.string(),
      extension: z.string(),
      mimetype: z.string(),
      size: z.number(),
      sha256: z.string().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      durationMs: z.number().nullable(),
    })
    .nullable(),
  derivatives: z.array(
    z.object({
      kind: z.string(),
      mimeType: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      size: z.number(),
    }),
  ),
  imetadata: z.array(
    z.object({
      classificationId: z.string(),
      key: z.string(),
      value: z.string(),
      lang: z.string().nullable(),
    }),
  ),
  itags: z.array(
    z.object({
      id: z.string(),
      classificationId: z.string(),
      prettyId: z.string().nullable().default(null),
      names: z.array(z.object({ lang: z.string(), label: z.string() })),
    }),
  ),
  userRights: z.object({ write: z.boolean(), share: z.boolean() }),
  ownerType: z.string().default('USER'),
  availableChannels: z.array(z.string()).default([]),
});
/** A content as getContentsByIds details it: locales, folders, source, derivatives, tags, metadata, rights. */
export type ProviderContentDetail = z.infer<typeof contentDetailSchema>;

const uploadSchema = envelopeSchema.extend({
  bucket: z.string(),
  filePath: z.string(),
  size: z.number(),
  // The built-in provider answers null for a file it took by rename without reading it.
  sha256: z.string().nullable(),
});
const s3CredentialsSchema = envelopeSchema.extend({
  credentials: z.object({
    accessKeyId: z.string().min(1),
    secretAccessKey: z.string().min(1),
    sessionToken: z.string().optional(),
  }),
  bucketName: z.string().min(1),
  path: z.string(),
  region: z.string().min(1),
});
type S3Target = Omit<z.infer<typeof s3CredentialsSchema>, keyof z.infer<typeof envelopeSchema>>;
const insertAnswerSchema = envelopeSchema.extend({ xcontentId: z.string() });
const updateSourceAnswerSchema = envelopeSchema.extend({ xcontentId: z.string(), version: z.number().int() });
const contentsSchema = envelopeSchema.extend({ contents: z.array(contentDetailSchema) });
const trashAnswerSchema = envelopeSchema.extend({ contentsInIssue: z.array(z.string()).default([]) });

/** getContentsByIds calls of one lookup made at once (of LIMITS.idChunkSize ids each). */
const READS_IN_FLIGHT = 4;
/** The answers of a byte route that carry bytes or a condition's outcome (200, 206, 304, 416); any other is a refusal. */
const BYTE_STATUSES = new Set([200, 206, 304, 416]);

/** A byte route's request headers, over either transport: the caller's token and conditions. */
function byteHeaders(
  token: string,
  conditions: { range?: string; ifNoneMatch?: string },
): Record<string, string> {
  return {
    ...tokenHeader(token),
    ...(conditions.range ? { Range: conditions.range } : {}),
    ...(conditions.ifNoneMatch ? { 'If-None-Match': conditions.ifNoneMatch } : {}),
  };
}

export interface UploadedFile {
  bucket: string;
  filePath: string;
}

export interface NewContentRequest {
  contentType: ContentType;
  names: { locale: 'IT' | 'EN'; name: string }[];
  folderIds: string[];
  source: UploadedFile;
}

export interface ProviderBytes {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

/** THRON's upload credentials last 1 h (research §3.8): reused until 5 minutes before that. */
export const S3_CREDENTIALS_REUSE_MS = 55 * 60_000;

/** Refusals whose errorDescription says more than the status (contents.errors.ts of the provider). */
const CODE_OF_DESCRIPTION: Record<string, ErrorCode> = {
  UPLOAD_DENIED_SUPPLIERS: ASSET_ERROR_CODES.UPLOAD_DENIED_SUPPLIERS,
  CONTENT_NOT_EXISTS: ERROR_CODES.NOT_FOUND,
  CATEGORY_IN_LIST_NOT_EXISTS: ERROR_CODES.NOT_FOUND,
};

export const CONTENTS_GATEWAY = Symbol('CONTENTS_GATEWAY');

/** The provider's contents: uploads, insert, versions, locales, trash, bytes; every failure is a ProviderError. */
export interface ContentsGateway {
  /** Streams a file to the provider's store (its S3 bucket, or a PUT body); never holds it in memory. */
  upload(token: string, fileName: string, body: Readable, size: number): Promise<UploadedFile>;
  /** Whether a file may go into `folderIds` (or become a new version of `contentId`); throws the refusal. */
  checkInsert(token: string, target: { folderIds: string[]; contentId?: string }): Promise<void>;
  /** A new content from an uploaded file; answers its id. */
  insert(token: string, request: NewContentRequest): Promise<string>;
  /** A new version of a content from an uploaded file; answers the version number. */
  updateSource(token: string, contentId: string, source: UploadedFile): Promise<number>;
  /** `failure` is the E-code of this step of a rename (E064–E067). */
  addLocale(
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void>;
  updateLocale(
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void>;
  /** Details of the contents the user may see among `ids`, asked 50 at a time. `failure`: E020/E021/E025–E028. */
  contentsByIds(token: string, ids: string[], failure?: ErrorCode): Promise<ProviderContentDetail[]>;
  /** Trashes contents 50 at a time; answers the ids the provider could not trash. */
  trash(token: string, ids: string[]): Promise<string[]>;
  /**
   * The bytes of the current source (`kind` 'source') or a derivative — of an earlier version
   * with `version` — as the provider streams them (200, 206, 304, or 416 for a range past the end); a refusal throws its ProviderError.
   */
  stream(
    token: string,
    contentId: string,
    kind: string,
    conditions: { range?: string; ifNoneMatch?: string; version?: number },
  ): Promise<ProviderBytes>;
  /** The content's image fitted to `divArea` ('WxH'), with the provider's ETag (200 or 304). */
  thumbnail(
    token: string,
    contentId: string,
    divArea: string,
    conditions: { ifNoneMatch?: string },
  ): Promise<ProviderBytes>;
}

/** The provider's contents over HTTP (typed client of issue 3). */
@Injectable()
export class HttpContentsGateway implements ContentsGateway {
  protected readonly clientId: string;
  private readonly s3Endpoint?: string;
  /** getS3UploadCredentials answers per provider token; null: the provider has no S3 (disk store). */
  private readonly s3Targets = new Map<string, { until: number; target: S3Target | null }>();

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID' | 'S3_ENDPOINT'>,
    @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    this.clientId = config.CLIENT_ID;
    this.s3Endpoint = config.S3_ENDPOINT;
  }

  /**
   * Streams a file to the provider's store; never holds it in memory. With S3 (THRON, or the
   * built-in provider on an S3 store) the file goes to the bucket with the credentials the provider
   * hands out; a provider without S3 (built-in on disk) takes it as a PUT body.
   */
  async upload(token: string, fileName: string, body: Readable, size: number): Promise<UploadedFile> {
    const target = await this.s3Target(token);
    if (target) return this.uploadToS3(token, target, fileName, body, size);
    const answer = await this.call(
      {
        method: 'PUT',
        url: PROVIDER_PATHS.contents.upload(this.clientId),
        params: { fileName },
        data: body,
        headers: {
          ...tokenHeader(token),
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(size),
        },
        maxBodyLength: Infinity,
        maxContentLength: Infinity,
        timeout: 0,
      },
      uploadSchema,
      ERROR_CODES.PROVIDER_UNAVAILABLE,
    );
    return { bucket: answer.bucket, filePath: answer.filePath };
  }

  /** research §3.8, cached per token until shortly before the credentials expire. */
  private async s3Target(token: string): Promise<S3Target | null> {
    const now = this.clock.now().getTime();
    const cached = this.s3Targets.get(token);
    if (cached && cached.until > now) return cached.target;
    let target: S3Target | null;
    try {
      const answer = await this.call(
        {
          method: 'GET',
          url: PROVIDER_PATHS.contents.s3UploadCredentials(),
          params: { clientId: this.clientId },
          headers: tokenHeader(token),
        },
        s3CredentialsSchema,
        ERROR_CODES.PROVIDER_UNAVAILABLE,
      );
      target = {
        credentials: answer.credentials,
        bucketName: answer.bucketName,
        path: answer.path.replace(/\/+$/, ''),
        region: answer.region,
      };
    } catch (error) {
      // A business refusal (418) is the provider saying it has no S3: the direct upload is the way.
      if (!(error instanceof ProviderError && error.detail.status === 418)) throw error;
      target = null;
    }
    for (const [key, entry] of this.s3Targets) if (entry.until <= now) this.s3Targets.delete(key);
    this.s3Targets.set(token, { until: now + S3_CREDENTIALS_REUSE_MS, target });
    return target;
  }

  /**
   * A multipart upload to the provider's bucket, AES256 server-side encrypted as THRON requires, at
   * a key of its own under `path` (credentials are reused for an hour: two files of the same name
   * must not meet). S3_ENDPOINT names a custom S3 server; unset, AWS in the answered region.
   */
  private async uploadToS3(
    token: string,
    target: S3Target,
    fileName: string,
    body: Readable,
    size: number,
  ): Promise<UploadedFile> {
    const filePath = `${target.path ? `${target.path}/` : ''}${randomUUID()}/${keySegmentOf(fileName)}`;
    const client = createS3Client({
      endpoint: this.s3Endpoint,
      region: target.region,
      accessKeyId: target.credentials.accessKeyId,
      secretAccessKey: target.credentials.secretAccessKey,
      sessionToken: target.credentials.sessionToken || undefined,
    });
    try {
      await new Upload({
        client,
        params: {
          Bucket: target.bucketName,
          Key: filePath,
          Body: body,
          ContentLength: size,
          ServerSideEncryption: 'AES256',
        },
      }).done();
    } catch (error) {
      body.destroy();
      // Credentials that no longer work are asked for again next time.
      this.s3Targets.delete(token);
      throw new ProviderError(
        ERROR_CODES.PROVIDER_UNAVAILABLE,
        true,
        `Upload to the provider's S3 bucket failed: ${(error as Error).name}`,
      );
    } finally {
      client.destroy();
    }
    return { bucket: target.bucketName, filePath };
  }

  async checkInsert(token: string, target: { folderIds: string[]; contentId?: string }): Promise<void> {
    await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.contents.checkInsert(this.clientId),
        data: { linkedCategoryIds: target.folderIds, contentId: target.contentId },
        headers: tokenHeader(token),
      },
      envelopeSchema,
      ASSET_ERROR_CODES.UPLOAD_FORBIDDEN,
    );
  }

  async insert(token: string, request: NewContentRequest): Promise<string> {
    const answer = await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.contents.insert(this.clientId),
        data: {
          param: {
            contentType: request.contentType,
            contentOpt: {
              basicInfoByLocale: request.names,
              initAllLocales: false,
              linkedCategoryIds: request.folderIds,
            },
            sources: [{ s3: { ...request.source, removeSourceFile: true } }],
          },
          silentMode: true,
        },
        headers: tokenHeader(token),
      },
      insertAnswerSchema,
      ASSET_ERROR_CODES.UPLOAD_FORBIDDEN,
    );
    return answer.xcontentId;
  }

  async updateSource(token: string, contentId: string, source: UploadedFile): Promise<number> {
    const answer = await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.contents.updateSource(this.clientId),
        data: { contentId, sources: [{ s3: { ...source, removeSourceFile: true } }] },
        headers: tokenHeader(token),
      },
      updateSourceAnswerSchema,
      ASSET_ERROR_CODES.UPLOAD_FORBIDDEN,
    );
    return answer.version;
  }

  async addLocale(
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void> {
    await this.localeCall(PROVIDER_PATHS.contents.addLocale(), token, contentId, locale, name, failure);
  }

  async updateLocale(
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void> {
    await this.localeCall(PROVIDER_PATHS.contents.updateLocale(), token, contentId, locale, name, failure);
  }

  /** Details of the contents the user may see among `ids`, asked 50 at a time. `failure`: E020/E021/E025–E028. */
  async contentsByIds(
    token: string,
    ids: string[],
    failure: ErrorCode = E_CODES.CONTENT_LOOKUP_DETAIL_FAILED,
  ): Promise<ProviderContentDetail[]> {
    const read = async (part: string[]) =>
      (
        await this.call(
          {
            method: 'POST',
            url: PROVIDER_PATHS.contents.contentsByIds(this.clientId),
            data: { contentIds: part },
            headers: tokenHeader(token),
          },
          contentsSchema,
          failure,
          true,
        )
      ).contents;
    // A job's 200 contents are 4 reads, asked together.
    return (await callsInFlight(chunks(ids), READS_IN_FLIGHT, read)).flat();
  }

  async trash(token: string, ids: string[]): Promise<string[]> {
    const inIssue: string[] = [];
    for (const part of chunks(ids)) {
      const answer = await this.call(
        {
          method: 'POST',
          url: PROVIDER_PATHS.contents.trash(this.clientId),
          data: {
            contentList: {
              contentsToTrash: part.map((xcontentId) => ({ xcontentId })),
            },
          },
          headers: tokenHeader(token),
        },
        trashAnswerSchema,
        E_CODES.TRASH_FAILED,
      );
      inIssue.push(...answer.contentsInIssue);
    }
    return inIssue;
  }

  stream(
    token: string,
    contentId: string,
    kind: string,
    conditions: { range?: string; ifNoneMatch?: string; version?: number },
  ): Promise<ProviderBytes> {
    const path = PROVIDER_PATHS.contents.stream(this.clientId, contentId, kind);
    const url = conditions.version === undefined ? path : `${path}?version=${conditions.version}`;
    return this.bytesAt(url, token, conditions);
  }

  thumbnail(
    token: string,
    contentId: string,
    divArea: string,
    conditions: { ifNoneMatch?: string },
  ): Promise<ProviderBytes> {
    return this.bytesAt(
      PROVIDER_PATHS.contents.thumbnail(this.clientId, contentId, divArea),
      token,
      conditions,
    );
  }

  /** The bytes at `url` (relative to the provider), with the caller's conditions passed on. */
  protected async bytesAt(
    url: string,
    token: string,
    conditions: { range?: string; ifNoneMatch?: string },
  ): Promise<ProviderBytes> {
    let res: AxiosResponse<Readable>;
    try {
      res = await this.http.request<Readable>({
        method: 'GET',
        url,
        headers: byteHeaders(token, conditions),
        responseType: 'stream',
        decompress: false,
        timeout: 0,
      });
    } catch (e) {
      if (isAxiosError(e)) throw unreachable(e.code);
      throw e;
    }
    if (BYTE_STATUSES.has(res.status)) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers))
        if (typeof value === 'string') headers[name.toLowerCase()] = value;
      return { status: res.status, headers, body: res.data };
    }
    // A refusal is a small JSON envelope: read it (bounded) to name the failure.
    const body = await streamedRefusalBody(res.data);
    throw this.failure(res.status, body, ERROR_CODES.NOT_FOUND);
  }

  private async localeCall(
    url: string,
    token: string,
    contentId: string,
    locale: string,
    name: string,
    failure: ErrorCode,
  ): Promise<void> {
    await this.call(
      {
        method: 'POST',
        url,
        data: { client: { clientId: this.clientId }, contentId, detail: { locale, name } },
        headers: tokenHeader(token),
      },
      envelopeSchema,
      failure,
      true,
    );
  }

  /**
   * One request; the body when the provider says OK, else the mapped ProviderError. `strict`:
   * every business refusal is `fallback` (the E-code of the step), not a generic code.
   */
  private call<S extends z.ZodType>(
    request: AxiosRequestConfig,
    schema: S,
    fallback: ErrorCode,
    strict = false,
  ): Promise<z.infer<S>> {
    return callProvider(this.http, request, schema, {
      fallback,
      refusal: (status, body, code) =>
        strict && status === 418 ? providerFailure(status, body, code) : this.failure(status, body, code),
    });
  }

  protected failure(status: number, body: unknown, fallback: ErrorCode): ProviderError {
    const parsed = envelopeSchema.safeParse(body);
    const described =
      parsed.success && parsed.data.errorDescription
        ? CODE_OF_DESCRIPTION[parsed.data.errorDescription]
        : undefined;
    if (described)
      return new ProviderError(described, false, `Provider refused: ${parsed.data?.errorDescription ?? ''}`, {
        status,
        resultCode: parsed.data?.resultCode,
        errorDescription: parsed.data?.errorDescription,
      });
    return providerFailure(status, body, fallback);
  }
}

/**
 * The built-in provider in this process (provider.module.ts `inProcess`): a card's thumbnail, a
 * preview, a poster, a proxy and an original are read through the provider's own routes without the
 * loopback hop (InProcessStreams), the token and rights checked there as over HTTP. A grid asks one
 * thumbnail a card, so the hop was most of its cost (issue 26). Everything else goes as
 * HttpContentsGateway sends it.
 */
export class InProcessContentsGateway extends HttpContentsGateway {
  constructor(
    http: AxiosInstance,
    config: Pick<AppConfig, 'CLIENT_ID' | 'S3_ENDPOINT'>,
    clock: Clock,
    private readonly streams: Pick<InProcessStreams, 'getFile'>,
  ) {
    super(http, config, clock);
  }

  protected override async bytesAt(
    url: string,
    token: string,
    conditions: { range?: string; ifNoneMatch?: string },
  ): Promise<ProviderBytes> {
    const answer = await this.streams.getFile(url, byteHeaders(token, conditions));
    if (BYTE_STATUSES.has(answer.status))
      return { status: answer.status, headers: answer.headers, body: answer.body };
    answer.body.destroy();
    throw this.failure(answer.status, answer.json, ERROR_CODES.NOT_FOUND);
  }
}
