import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The browser's request id, echoed in the answer: one id from the click to the job's last provider call. */
export const CORRELATION_HEADER = 'x-request-id';
const SANE = /^[A-Za-z0-9._-]{1,100}$/;

/** `id` when it is safe to log and echo (no spaces, quotes or line breaks), else undefined. */
export function saneCorrelationId(id: unknown): string | undefined {
  return typeof id === 'string' && SANE.test(id) ? id : undefined;
}

/** The request's correlation id: the caller's when well-formed, else a new one; set once per request. */
export function correlationIdOf(req: IncomingMessage & { correlationId?: string }): string {
  req.correlationId ??= saneCorrelationId(req.headers[CORRELATION_HEADER]) ?? randomUUID();
  return req.correlationId;
}

const context = new AsyncLocalStorage<string>();

/** Runs `work` with `id` as the correlation id of everything it logs and enqueues. */
export function withCorrelationId<T>(id: string, work: () => T): T {
  return context.run(id, work);
}

/** The correlation id of the request or job this code runs for, if any. */
export function currentCorrelationId(): string | undefined {
  return context.getStore();
}

/** First of the middlewares: echoes the id and runs the rest of the request in its context. */
export function correlate(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const id = correlationIdOf(req);
  res.setHeader(CORRELATION_HEADER, id);
  withCorrelationId(id, next);
}

/** Every log line carries the correlation id of the request or job it was written for (pino `mixin`). */
export function correlationLogFields(): { correlationId?: string } {
  const id = currentCorrelationId();
  return id ? { correlationId: id } : {};
}
