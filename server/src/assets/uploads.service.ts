import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  ASSET_ERROR_CODES,
  ERROR_CODES,
  LIMITS,
  contentTypeOf,
  isValidName,
  describeCharacters,
  toLatin1,
  type UploadResult,
} from '@paddock/rules';
import type { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import { handOverFile } from '../blob-store/handed-over-file';
import type { AuthenticatedRequest, AuthUser } from '../common/auth-user';
import { correlationIdOf } from '../common/correlation-id';
import { extensionOf } from '../common/file-names';
import { DomainError } from '../common/domain-error';
import { describeError, knownFailureOf } from '../common/domain-exception.filter';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { PlaceActions } from '../places/place-actions';
import { SelectionPolicy } from '../places/selection-policy';
import { JobName, type AfterPreflight } from '../jobs/job-catalogue';
import { platesDetectJobIdOf } from '../plates/plate-records';
import { preflightJobIdOf } from '../preflight/preflight-job-id';
import { JobsService } from '../jobs/jobs.service';
import { HeldContents } from '../legal-hold/held-contents';
import { WorkflowEntry } from './workflow-entry';
import { loadTus } from './tus-loader';
import { UploadFiles } from './upload-files';
import { UploadOutcomes, errorOfOutcome } from './upload-outcomes';
import { assetNotInFolder } from './asset-refusals';

export const UPLOADS_PATH = '/api/uploads';

/** What tus answers when a hook refuses: the hub's error body, so the web shows the code. */
interface TusRefusal {
  status_code: number;
  body: string;
}

/** tus hooks receive srvx's request; on Node it carries the IncomingMessage the AuthGuard saw. */
function userOf(req: unknown): AuthUser | undefined {
  return (req as { runtime?: { node?: { req?: AuthenticatedRequest } } }).runtime?.node?.req?.user;
}

function nodeReqOf(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/**
 * Resumable uploads (tus 1.0) at /api/uploads: chunks go to a temp file under BLOB_DIR/uploads;
 * on the last chunk the file is streamed to the provider and becomes a content (or a new version),
 * which enters the approval workflow when it is a supplier delivery or a rejected content's new
 * version (WorkflowEntry).
 */
@Injectable()
export class UploadsService implements OnModuleInit {
  private readonly logger = new Logger(UploadsService.name);
  private readonly directory: string;
  private tus?: Server;
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    private readonly workflow: WorkflowEntry,
    private readonly outcomes: UploadOutcomes,
    private readonly files: UploadFiles,
    private readonly places: PlaceActions,
    private readonly policy: SelectionPolicy,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
    private readonly jobs: JobsService,
    private readonly holds: HeldContents,
  ) {
    this.directory = files.directory;
  }

  async onModuleInit(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  /** Made on first use: a test runner that cannot load the ESM-only tus packages still boots the app. */
  private server(): Server {
    if (this.tus) return this.tus;
    const { Server } = loadTus();
    this.tus = new Server({
      path: UPLOADS_PATH,
      datastore: this.files.store(),
      // Announced as Tus-Max-Size; a larger Upload-Length (declared at creation or later, for a
      // deferred length) and a body beyond it are refused with 413 before any byte is kept.
      maxSize: this.files.maxBytes,
      respectForwardedHeaders: false,
      relativeLocation: true,
      onResponseError: (req, error) => this.tooLarge(req, error),
      onIncomingRequest: (req, uploadId) => this.checkOwner(req, uploadId),
      onUploadCreate: (req, upload) => this.onCreate(req, upload),
      onUploadFinish: async (req, upload) => {
        await this.onFinish(req, upload);
        return {};
      },
    });
    return this.tus;
  }

  handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return this.server().handle(req, res);
  }

  async result(user: AuthUser, uploadId: string): Promise<UploadResult> {
    const outcome = await this.outcomes.of(uploadId);
    if (!outcome || outcome.username !== user.username)
      throw new DomainError(ASSET_ERROR_CODES.UPLOAD_NOT_FINISHED, 'This upload is not finished');
    if ('error' in outcome) throw errorOfOutcome(outcome.error);
    return outcome.result;
  }

  /** An upload belongs to who created it: anyone else reads it as missing. */
  private async checkOwner(req: unknown, uploadId: string): Promise<void> {
    const user = userOf(req);
    let owner: string | null | undefined;
    try {
      owner = (await this.server().datastore.getUpload(uploadId)).metadata?.owner;
    } catch {
      return; // Unknown id: tus answers 404 itself.
    }
    if (!user || owner !== user.username)
      throw { status_code: 404, body: 'Upload not found\n' } satisfies TusRefusal;
  }

  /**
   * Refused before any byte is sent: no folder, no write on it, the suppliers folder (SPEC §5), or
   * where SPEC §6 allows no upload (a new version: no "Update file" where the content is).
   */
  private async onCreate(req: unknown, upload: Upload): Promise<{ metadata: Upload['metadata'] }> {
    const user = userOf(req);
    const metadata = upload.metadata ?? {};
    if (!user) throw this.refusal(req, DomainError.unauthenticated());
    if (!metadata.filename || (!metadata.folderId && !metadata.contentId))
      throw this.refusal(
        req,
        DomainError.invalid('Upload-Metadata needs filename and folderId (or contentId)'),
      );
    // The file name becomes the asset's name: the name rule of every other door (SPEC §5), after
    // the same conversion of typographic punctuation (and macOS's decomposed accents).
    const { text: filename, refused } = toLatin1(metadata.filename);
    if (!isValidName(filename))
      throw this.refusal(
        req,
        DomainError.invalid(
          `The file name must be at most ${LIMITS.nameMaxLength} Latin-1 characters` +
            (refused.length ? `; not allowed: ${describeCharacters(refused)}` : ''),
        ),
      );
    try {
      // A new version is the hub's to check (checkPermitted) and the service account's to store.
      if (!metadata.contentId)
        await this.contents.checkInsert(user.providerToken, { folderIds: [metadata.folderId as string] });
      await this.checkPermitted(user, metadata.contentId ?? undefined, metadata.folderId ?? undefined);
    } catch (error) {
      throw this.refusal(req, error);
    }
    return { metadata: { ...metadata, filename, owner: user.username } };
  }

  /**
   * SPEC §6 on top of the provider's rights. A new version needs "Update file" where the content
   * is looked at (`folderId`, as the web sends it) or, without one, in some folder of it: the
   * content read with the user's token, the folder's place and the user's write on it. The hub
   * stores it with the service account (docs/security.md): a supplier's rejected delivery sits in
   * the rejected folder, which the supplier does not see, so the provider lets no supplier change
   * it, yet SPEC §4 and §6 give the supplier its new version. A legal hold keeps the source as it
   * is: no new version while it holds the content (docs/legal-hold.md).
   */
  private async checkPermitted(user: AuthUser, contentId?: string, folderId?: string): Promise<void> {
    if (contentId) {
      const contents = await this.contents.contentsByIds(user.providerToken, [contentId]);
      if (!contents.length) throw DomainError.notFound('No such asset');
      if ((await this.policy.refused(user, 'updateFile', contents, folderId, assetNotInFolder)).length)
        throw DomainError.forbidden('A new version of this asset is not allowed here');
      await this.holds.refuse([contentId], 'new-version');
    } else if (!(await this.places.folderAllows(user, folderId as string, 'upload')))
      throw new DomainError(ASSET_ERROR_CODES.UPLOAD_FORBIDDEN, 'Uploads are not allowed here');
  }

  /** The file is complete: to the provider, then insert (or new version); the temp files go either way. */
  private async onFinish(req: unknown, upload: Upload): Promise<void> {
    const user = userOf(req);
    const metadata = upload.metadata ?? {};
    const path = join(this.directory, upload.id);
    try {
      if (!user) throw DomainError.unauthenticated();
      const fileName = metadata.filename as string;
      const store = (token: string) =>
        this.contents.upload(token, fileName, handOverFile(path), upload.size ?? 0);
      if (metadata.contentId) {
        const contentId = metadata.contentId;
        // Checked again: the content may have moved on while its bytes were coming.
        await this.checkPermitted(user, contentId, metadata.folderId ?? undefined);
        const version = await this.service.withToken(async (token) =>
          this.contents.updateSource(token, contentId, await store(token)),
        );
        const afterwards = await this.workflow.afterNewVersion(user, contentId);
        const preflightJobId = await this.checkBeforeApproval(user, contentId, version, afterwards);
        await this.proposePlates(user, contentId, version, metadata.filetype, fileName);
        await this.outcomes.succeeded(upload.id, user.username, {
          contentId,
          version,
          preflightJobId,
          ...(afterwards ? { jobId: preflightJobId } : {}),
        });
      } else {
        const uploaded = await store(user.providerToken);
        const contentId = await this.contents.insert(user.providerToken, {
          contentType: contentTypeOf(metadata.filetype, extensionOf(fileName)),
          names: [
            { locale: 'IT', name: fileName },
            { locale: 'EN', name: fileName },
          ],
          folderIds: [metadata.folderId as string],
          source: uploaded,
        });
        const afterwards = await this.workflow.afterInsert(user, metadata.folderId as string);
        const preflightJobId = await this.checkBeforeApproval(user, contentId, 1, afterwards);
        await this.proposePlates(user, contentId, 1, metadata.filetype, fileName);
        await this.outcomes.succeeded(upload.id, user.username, { contentId, version: 1, preflightJobId });
      }
    } catch (error) {
      const known = knownFailureOf(error);
      // An outage (503) reaches the browser as "try later": what failed (the store, the provider) is only here.
      if (!known || known.status >= 500)
        this.logger.error({ err: error, uploadId: upload.id }, 'Upload failed');
      await this.outcomes.failed(
        upload.id,
        user?.username ?? '',
        known ?? new DomainError(ERROR_CODES.INTERNAL, 'The upload could not become an asset'),
      );
    } finally {
      await rm(path, { force: true });
      await rm(`${path}.json`, { force: true });
    }
  }

  /**
   * The version's pre-flight (issue 27), a job of its own so a worker's crash does not lose it;
   * what the version does next (enter or go back to approval step 1) waits for its verdict.
   */
  private async checkBeforeApproval(
    user: AuthUser,
    contentId: string,
    version: number,
    afterwards: AfterPreflight,
  ): Promise<string> {
    const { jobId } = await this.jobs.submit(
      JobName.Preflight,
      { contentId, version, department: user.department, afterwards },
      user.username,
      // One check per version, however often the upload's last request is retried.
      { jobId: preflightJobIdOf(contentId, version) },
    );
    return jobId;
  }

  /**
   * An image version's plate detection (docs/plates.md), a job of its own like the pre-flight: the
   * boxes it proposes are blurred in every outgoing rendition of an external share.
   */
  private async proposePlates(
    user: AuthUser,
    contentId: string,
    version: number,
    mimeType: string | null | undefined,
    fileName: string,
  ): Promise<void> {
    if (contentTypeOf(mimeType, extensionOf(fileName)) !== 'IMAGE') return;
    await this.jobs.submit(JobName.PlatesDetect, { contentId }, user.username, {
      jobId: platesDetectJobIdOf(contentId, version),
    });
  }

  /**
   * tus's plain-text 413s as the hub's refusal, with its code; other answers unchanged. "Maximum
   * size exceeded" (a declared length, or a body streamed past the maximum) and "upload's size
   * exceeded" for a deferred length (a Content-Length past the maximum) are UPLOAD_TOO_LARGE; a body
   * longer than the declared Upload-Length is PAYLOAD_TOO_LARGE.
   */
  private async tooLarge(req: unknown, error: unknown): Promise<TusRefusal | undefined> {
    if (!(error instanceof Object) || !('status_code' in error) || error.status_code !== 413)
      return undefined;
    const { ERRORS } = loadTus();
    const body = 'body' in error ? error.body : undefined;
    if (body !== ERRORS.ERR_MAX_SIZE_EXCEEDED.body && body !== ERRORS.ERR_SIZE_EXCEEDED.body)
      return undefined;
    if (body === ERRORS.ERR_SIZE_EXCEEDED.body && !(await this.isDeferred(req)))
      return this.refusal(
        req,
        new DomainError(ERROR_CODES.PAYLOAD_TOO_LARGE, 'More bytes than the upload declared'),
      );
    return this.refusal(
      req,
      new DomainError(ASSET_ERROR_CODES.UPLOAD_TOO_LARGE, 'The file is larger than uploads may be', {
        maxBytes: this.files.maxBytes,
      }),
    );
  }

  /** Whether the upload a PATCH names still has a deferred length. */
  private async isDeferred(req: unknown): Promise<boolean> {
    const url = nodeReqOf(req)?.url ?? '';
    const id = url.split('?')[0]!.split('/').pop() ?? '';
    try {
      return (await this.server().datastore.getUpload(id)).sizeIsDeferred;
    } catch {
      return false;
    }
  }

  /** The refusal as the hub's filter would answer it, in tus's shape. */
  private refusal(req: unknown, error: unknown): TusRefusal {
    const node = nodeReqOf(req);
    const { status, body } = describeError(error, node ? correlationIdOf(node) : '');
    return { status_code: status, body: JSON.stringify(body) };
  }
}
