import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES } from '@paddock/rules';
import { isAxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { envelopeSchema, providerFailure, unreachable } from './provider.errors';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { streamedRefusalBody, tokenHeader } from './provider-call';
import { PROVIDER_PATHS } from './provider-paths';
import type { InProcessStreams } from './in-process-streams';

/**
 * THRON's archive options: images as 'SOURCE' or a divArea 'WxH', videos as 'SOURCE' or the 'WEBHD'
 * channel; `locale` names the files (research §3.9 `options.locale`).
 */
export interface ArchiveRequest {
  contentIds: string[];
  image: string[];
  video: string[];
  locale: string;
}

const prepareAnswerSchema = envelopeSchema.extend({ downloadId: z.string().min(1) });

export const ARCHIVES_GATEWAY = Symbol('ARCHIVES_GATEWAY');

/**
 * Archive downloads. Every refusal of these calls — an id that does not exist or that the user may
 * not see, an unknown or expired downloadId — is NOT_FOUND.
 */
export interface ArchivesGateway {
  /** Asks the provider to prepare a ZIP of the contents; answers its downloadId. */
  prepare(token: string, request: ArchiveRequest): Promise<string>;
  /**
   * The ZIP as the provider streams it (the form POST with tokenId and downloadId); never buffered.
   * `length` is the provider's Content-Length, null when it streams chunked.
   */
  download(
    token: string,
    downloadId: string,
    saveAs: string,
  ): Promise<{ body: Readable; length: number | null }>;
}

/** The archives gateway over HTTP (typed client of issue 3). */
@Injectable()
export class HttpArchivesGateway implements ArchivesGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  async prepare(token: string, request: ArchiveRequest): Promise<string> {
    let res: AxiosResponse<unknown>;
    try {
      res = await this.http.request<unknown>({
        method: 'POST',
        url: PROVIDER_PATHS.archives.prepare(this.clientId),
        data: {
          criteria: { xcontentIds: request.contentIds },
          options: { image: request.image, video: request.video, locale: request.locale },
        },
        headers: tokenHeader(token),
        responseType: 'json',
      });
    } catch (e) {
      if (isAxiosError(e)) throw unreachable(e.code);
      throw e;
    }
    const body = prepareAnswerSchema.safeParse(res.data);
    if (res.status !== 200 || !body.success || body.data.resultCode !== 'OK')
      throw providerFailure(res.status, res.data, ERROR_CODES.NOT_FOUND);
    return body.data.downloadId;
  }

  async download(
    token: string,
    downloadId: string,
    saveAs: string,
  ): Promise<{ body: Readable; length: number | null }> {
    let res: AxiosResponse<Readable>;
    try {
      res = await this.http.request<Readable>({
        method: 'POST',
        url: PROVIDER_PATHS.archives.download(this.clientId),
        data: new URLSearchParams({
          tokenId: tokenHeader(token)['X-TOKENID'],
          downloadId,
          saveAs,
        }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        responseType: 'stream',
        decompress: false,
        // A large archive takes as long as it takes; the socket stays busy while bytes flow.
        timeout: 0,
      });
    } catch (e) {
      if (isAxiosError(e)) throw unreachable(e.code);
      throw e;
    }
    if (res.status === 200) {
      const length = String(res.headers['content-length'] ?? '');
      return { body: res.data, length: /^\d+$/.test(length) ? Number(length) : null };
    }
    // A refusal is a small JSON envelope: read it (bounded) to name the failure.
    const body = await streamedRefusalBody(res.data);
    throw providerFailure(res.status, body, ERROR_CODES.NOT_FOUND);
  }
}

/**
 * The archives gateway when the built-in provider runs in this process: prepare is JSON (the client's
 * in-process transport already takes it), and the ZIP streams from the provider's own download route
 * through InProcessStreams instead of a loopback socket — the same form, token check and refusals as
 * over HTTP, one copy of the bytes fewer. A real provider (PROVIDER_URL) keeps HttpArchivesGateway.
 */
export class InProcessArchivesGateway implements ArchivesGateway {
  constructor(
    private readonly json: ArchivesGateway,
    private readonly streams: InProcessStreams,
    private readonly clientId: string,
  ) {}

  prepare(token: string, request: ArchiveRequest): Promise<string> {
    return this.json.prepare(token, request);
  }

  async download(
    token: string,
    downloadId: string,
    saveAs: string,
  ): Promise<{ body: Readable; length: number | null }> {
    const answer = await this.streams.postForm(PROVIDER_PATHS.archives.download(this.clientId), {
      tokenId: tokenHeader(token)['X-TOKENID'],
      downloadId,
      saveAs,
    });
    if (answer.status !== 200) {
      answer.body.destroy();
      throw providerFailure(answer.status, answer.json, ERROR_CODES.NOT_FOUND);
    }
    const length = answer.headers['content-length'] ?? '';
    return { body: answer.body, length: /^\d+$/.test(length) ? Number(length) : null };
  }
}
