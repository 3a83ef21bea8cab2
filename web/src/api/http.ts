import { HEADER_CSRF, LIMITS, isJobErrorCode } from '@paddock/rules';
import { object, optional, readOrNull, string, unknown } from '../app/read-input';
import { ApiError, CLIENT_FAILURES } from './api-error';

export interface ApiHooks {
  /** The current session's CSRF token, sent on every state-changing request. */
  csrfToken(): string | undefined;
  /** Called on every 401 the caller did not ask to handle: the one place a lost session is dealt with. */
  onUnauthorized(): void;
}

let hooks: ApiHooks = { csrfToken: () => undefined, onUnauthorized: () => undefined };

/** Wired once at start-up (app/create-app.ts), because the hooks need the query cache and the router. */
export function configureApi(next: ApiHooks): void {
  hooks = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** For sign-in calls and the session probe, where a 401 is the answer rather than a lost session. */
  unauthorizedIsAnswer?: boolean;
}

const errorBody = object({
  code: string(),
  message: optional(string()),
  correlationId: optional(string()),
  details: optional(unknown()),
});

/** Marks a body that is not JSON: a failure when the call succeeded, a bare status otherwise. */
const NOT_JSON = Symbol('not JSON');

interface Answer {
  status: number;
  ok: boolean;
  payload: unknown;
}

/** One JSON call to the hub, with the session cookie, CSRF header and the content-service timeout. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const csrfToken = method === 'GET' ? undefined : hooks.csrfToken();
  if (csrfToken) headers[HEADER_CSRF] = csrfToken;

  const { status, ok, payload } = await send(
    path,
    {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    options.signal,
  );
  if (ok && payload !== NOT_JSON) return payload as T;
  if (status === 401 && !options.unauthorizedIsAnswer) hooks.onUnauthorized();
  const body = readOrNull(errorBody, payload);
  throw new ApiError(
    status,
    body
      ? {
          // The one place a code enters the web: an unknown one is named, and still shown as it came.
          code: isJobErrorCode(body.code) ? body.code : CLIENT_FAILURES.UNKNOWN_CODE,
          shownCode: body.code,
          message: body.message ?? '',
          correlationId: body.correlationId,
          details: body.details,
        }
      : { code: CLIENT_FAILURES.BAD_RESPONSE, message: `HTTP ${status}` },
  );
}

async function send(path: string, init: RequestInit, callerSignal: AbortSignal | undefined): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIMITS.contentServiceTimeoutMs);
  const cancel = () => controller.abort();
  if (callerSignal?.aborted) cancel();
  callerSignal?.addEventListener('abort', cancel);

  try {
    const response = await fetch(path, { ...init, signal: controller.signal });
    const text = await response.text();
    return { status: response.status, ok: response.ok, payload: parseJson(text) };
  } catch (error) {
    const code = timedOut
      ? CLIENT_FAILURES.TIMEOUT
      : controller.signal.aborted
        ? CLIENT_FAILURES.CANCELLED
        : CLIENT_FAILURES.NETWORK_ERROR;
    throw new ApiError(0, { code, message: error instanceof Error ? error.message : String(error) });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', cancel);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
