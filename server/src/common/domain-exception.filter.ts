import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import {
  ERROR_CODES,
  HTTP_STATUS_OF_CODE,
  type ErrorBody,
  type ErrorCode,
  type HttpStatus,
} from '@paddock/rules';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ProviderError } from './provider-error';
import { DomainError, RetryLaterError } from './domain-error';
import { correlationIdOf } from './correlation-id';

const CODE_OF_HTTP_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION_FAILED,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  429: ERROR_CODES.TOO_MANY_ATTEMPTS,
};

/** What the user reads for a provider failure; the provider's own words stay in the log. */
const MESSAGE_OF_STATUS: Record<HttpStatus, string> = {
  400: 'The request was refused as invalid',
  401: 'The session has expired: sign in again',
  403: 'Not allowed',
  404: 'Not found',
  409: 'The operation could not be performed',
  413: 'The request is too large',
  429: 'Too many requests, try again later',
  500: 'There has been an error, please try again',
  502: 'The operation could not be completed, please try again',
  503: 'The operation could not be performed. Try later',
};

const MESSAGE_OF_CODE: Partial<Record<string, string>> = {
  [ERROR_CODES.FOLDER_NOT_EMPTY]: 'The folder is not empty',
};

/**
 * A provider failure as the hub answers it, the one mapping (the gateways have already sorted the
 * provider's answer into a code and a `transient` flag):
 *
 * | failure                          | status                          | code                              |
 * |----------------------------------|---------------------------------|-----------------------------------|
 * | transient (no answer, 5xx, …)    | 503                             | a load E-code (LOAD_E_CODES) kept, else PROVIDER_UNAVAILABLE |
 * | any other                        | HTTP_STATUS_OF_CODE: NOT_FOUND 404, FORBIDDEN 403, E-code 409 or 503, … | its code |
 */
function domainErrorOf(error: ProviderError): DomainError {
  const code =
    error.transient && HTTP_STATUS_OF_CODE[error.code] !== 503
      ? ERROR_CODES.PROVIDER_UNAVAILABLE
      : error.code;
  return new DomainError(code, MESSAGE_OF_CODE[code] ?? MESSAGE_OF_STATUS[HTTP_STATUS_OF_CODE[code]]);
}

/** A failure the hub knows as a DomainError (a ProviderError through the one mapping); else undefined. */
export function knownFailureOf(error: unknown): DomainError | undefined {
  if (error instanceof ProviderError) return domainErrorOf(error);
  return error instanceof DomainError ? error : undefined;
}

/** A failure as the hub answers it: its status and the body `{ code, message, correlationId }`. */
export function describeError(error: unknown, correlationId: string): { status: number; body: ErrorBody } {
  const domain = knownFailureOf(error);
  if (domain)
    return {
      status: domain.status,
      body: { code: domain.code, message: domain.message, correlationId, details: domain.details },
    };
  if (error instanceof ThrottlerException)
    return {
      status: 429,
      body: {
        code: ERROR_CODES.TOO_MANY_ATTEMPTS,
        message: 'Too many requests, try again later',
        correlationId,
      },
    };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const details = typeof response === 'object' ? (response as { message?: unknown }).message : undefined;
    return {
      status,
      body: {
        code: CODE_OF_HTTP_STATUS[status] ?? (status >= 500 ? ERROR_CODES.INTERNAL : `HTTP_${status}`),
        message: error.message,
        correlationId,
        details: Array.isArray(details) ? details : undefined,
      },
    };
  }
  return {
    status: 500,
    body: { code: ERROR_CODES.INTERNAL, message: MESSAGE_OF_STATUS[500], correlationId },
  };
}

/**
 * A stream cut because the reader left (a thumbnail scrolled away, a closed tab): nobody is there
 * to answer, and it is not a fault of ours.
 */
function readerWentAway(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * The one mapping from failures to HTTP for the hub API. A refusal (4xx) or an outage (503) is
 * expected: one warning line, no stack; anything else is a fault, logged with its stack.
 */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const correlationId = correlationIdOf(req);
    if (readerWentAway(error)) {
      this.logger.debug({ correlationId, url: req.url }, 'The client closed the connection');
      return;
    }
    const { status, body } = describeError(error, correlationId);
    if (status >= 500 && status !== 503) this.logger.error({ err: error, correlationId }, 'Unhandled error');
    else
      this.logger.warn(
        {
          status,
          code: body.code,
          correlationId,
          ...(error instanceof ProviderError ? { provider: error.detail, reason: error.message } : {}),
        },
        body.message,
      );
    if (res.headersSent) return;
    if (error instanceof RetryLaterError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(status).json(body);
  }
}
