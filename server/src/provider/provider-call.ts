import type { Readable } from 'node:stream';
import { ERROR_CODES, type ErrorCode } from '@paddock/rules';
import { isAxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { z } from 'zod';
import { envelopeSchema, providerFailure, unreachable } from './provider.errors';
import { ProviderError } from '../common/provider-error';

/** What a provider token may look like before it goes into a header. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/** The X-TOKENID header of research §1; a malformed token never leaves the hub. */
export function tokenHeader(token: string): { 'X-TOKENID': string } {
  if (!TOKEN_SHAPE.test(token))
    throw new ProviderError(ERROR_CODES.UNAUTHENTICATED, false, 'Malformed provider token');
  return { 'X-TOKENID': token };
}

/** How one gateway reads the provider's failures; every field has the common default. */
export interface CallPolicy {
  /** The E-code of this step (SPEC §8): what a refusal without a finer meaning becomes. */
  fallback: ErrorCode;
  /** A refusal (non-2xx, or an envelope without resultCode OK) → error; default providerFailure. */
  refusal?: (status: number, body: unknown, fallback: ErrorCode, retryAfter?: unknown) => ProviderError;
  /**
   * A load (SPEC §8 E002, E009, E014, E015, E018): when the provider is down or answers nonsense,
   * the error carries `fallback` instead of PROVIDER_UNAVAILABLE, so the web shows what was loading.
   */
  load?: boolean;
}

/**
 * One provider request: the parsed body when the provider says OK, else the ProviderError the
 * policy maps it to. Every status is read (research §1: business errors come as HTTP 418), so only
 * transport failures reach the catch; the axios error is not kept since its config holds secrets.
 */
export async function callProvider<S extends z.ZodType>(
  http: AxiosInstance,
  request: AxiosRequestConfig,
  schema: S,
  policy: CallPolicy,
): Promise<z.infer<S>> {
  try {
    return await answerOf(http, request, schema, policy);
  } catch (error) {
    if (policy.load && error instanceof ProviderError && error.code === ERROR_CODES.PROVIDER_UNAVAILABLE)
      throw new ProviderError(policy.fallback, error.transient, error.message, error.detail);
    throw error;
  }
}

async function answerOf<S extends z.ZodType>(
  http: AxiosInstance,
  request: AxiosRequestConfig,
  schema: S,
  policy: CallPolicy,
): Promise<z.infer<S>> {
  let res: AxiosResponse<unknown>;
  try {
    res = await http.request<unknown>({ ...request, responseType: 'json' });
  } catch (e) {
    if (isAxiosError(e)) throw unreachable(e.code);
    throw e;
  }
  const envelope = envelopeSchema.safeParse(res.data);
  if (res.status < 200 || res.status >= 300 || !envelope.success || envelope.data.resultCode !== 'OK')
    throw (policy.refusal ?? providerFailure)(
      res.status,
      res.data,
      policy.fallback,
      res.headers['retry-after'],
    );
  const body = schema.safeParse(res.data);
  if (!body.success)
    throw new ProviderError(
      ERROR_CODES.PROVIDER_UNAVAILABLE,
      false,
      'Provider answer has an unexpected shape',
      { status: res.status, resultCode: envelope.data.resultCode },
    );
  return body.data;
}

/** Bytes read from a refusal's body at most: a THRON envelope is small; anything bigger is not one. */
const REFUSAL_BODY_LIMIT = 64 * 1024;

/**
 * The envelope of a refused streaming request (responseType 'stream'), read bounded and parsed; an
 * unreadable body comes back undefined, which the mapping reads as "no envelope".
 */
export async function streamedRefusalBody(stream: Readable): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > REFUSAL_BODY_LIMIT) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
