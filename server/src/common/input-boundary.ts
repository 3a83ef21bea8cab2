import { BadRequestException, HttpException, type ExceptionFilter } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { LIMITS, hasNulByte } from '@paddock/rules';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainExceptionFilter } from './domain-exception.filter';

/** What body-parser attaches to the errors it raises. */
interface BodyParserError {
  status?: unknown;
}

const NUL_BYTE = 'The request holds a NUL byte';

/**
 * Why a parsed body or cookie jar is refused: a NUL byte in a string or a key, or a list or object
 * nested deeper than LIMITS.inputDepthMax; undefined when neither. Walked with a stack of its own:
 * JSON.parse reads 60,000 levels, a recursion would overflow on them.
 */
function refusalOf(input: unknown): string | undefined {
  const pending: Array<[unknown, number]> = [[input, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (typeof value === 'string' && hasNulByte(value)) return NUL_BYTE;
    if (!value || typeof value !== 'object') continue;
    if (depth > LIMITS.inputDepthMax)
      return `The request is nested deeper than ${LIMITS.inputDepthMax} levels`;
    for (const [key, item] of Object.entries(value)) {
      if (hasNulByte(key)) return NUL_BYTE;
      pending.push([item, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Refuses, before any guard, pipe or query sees it, a request with a NUL byte anywhere it can carry
 * one (the URL's path and query, where Node's parser refuses a raw one so only `%00` brings it; the
 * cookies; the parsed body; headers cannot hold one, Node refuses them), or with a body or a JSON
 * cookie (cookie-parser's `j:`) nested too deep for the pipes and services that walk it.
 */
export const refuseMalformedInput: RequestHandler = (req, _res, next) => {
  const refusal = /%00/i.test(req.url)
    ? NUL_BYTE
    : (refusalOf(req.body as unknown) ?? refusalOf(req.cookies as unknown));
  next(refusal ? new BadRequestException(refusal) : undefined);
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
 * The failures of the body parsers and of refuseMalformedInput, answered through the filter of the API
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
