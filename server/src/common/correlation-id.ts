import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const HEADER = 'x-correlation-id';
const VALID = /^[A-Za-z0-9._-]{1,100}$/;

/** The request's correlation id: the caller's when well-formed, else a new one; set once per request. */
export function correlationIdOf(req: IncomingMessage & { correlationId?: string }): string {
  if (!req.correlationId) {
    const given = req.headers[HEADER];
    req.correlationId = typeof given === 'string' && VALID.test(given) ? given : randomUUID();
  }
  return req.correlationId;
}
