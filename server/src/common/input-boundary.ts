import { BadRequestException, HttpException, type ExceptionFilter } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { hasNulByte } from '@paddock/rules';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainExceptionFilter } from './domain-exception.filter';

/** What body-parser attaches to the errors it raises. */
interface BodyParserError {
  status?: unknown;
}

/** Any string in a parsed body or cookie jar, keys included, holds a NUL byte. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNulByte(value);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, v]) => hasNulByte(key) || holdsNul(v));
  return false;
}

/**
 * Refuses a request with a NUL byte anywhere it can carry one, before any guard, pipe or query sees
 * it: the URL (path and query; Node's parser refuses a raw one, so only `%00` brings it), the
 * cookies and the parsed body. Headers cannot hold one (Node refuses them).
 */
export const refuseNulBytes: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  const cookies: unknown = req.cookies;
  if (/%00/i.test(req.url) || holdsNul(body) || holdsNul(cookies))
    next(new BadRequestException('The request holds a NUL byte'));
  else next();
};

/**
 * A refused input as the exception the filters know, with body-parser's status (413 too large, 400
 * malformed, 415 unknown charset, …); any other failure is not this boundary's.
 */
function inputErrorOf(error: unknown): HttpException | undefined {
  if (error instanceof HttpException) return error;
  const { status } = (error ?? {}) as BodyParserError;
  if (typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error)
    return new HttpException(error.message, status);
  return undefined;
}

/** An API under `prefix` that answers its failures with a filter of its own. */
export interface PrefixedFilter {
  prefix: string;
  filter: ExceptionFilter;
}

/**
 * The failures of the body parsers and of refuseNulBytes, answered through the filter of the API
 * they hit (`apis`, e.g. the provider's THRON envelope under /provider; the hub's `{ code, message,
 * correlationId }` elsewhere), never as a 404 or a 500.
 */
export function answerInputError(apis: readonly PrefixedFilter[]): ErrorHandler {
  const hub = new DomainExceptionFilter();
  return (error, req, res, next) => {
    const refused = inputErrorOf(error);
    if (!refused) return next(error);
    const filter = apis.find((api) => req.path.startsWith(api.prefix))?.filter ?? hub;
    filter.catch(refused, new ExecutionContextHost([req, res, next]));
  };
}

type ErrorHandler = (error: unknown, req: Request, res: Response, next: NextFunction) => void;
