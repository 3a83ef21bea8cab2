import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ERROR_CODES, type ErrorBody } from '@paddock/rules';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { DomainError, HTTP_STATUS_OF_KIND, RetryLaterError } from './domain-error';
import { correlationIdOf } from './correlation-id';

const CODE_OF_HTTP_STATUS: Record<number, string> = {
  400: ERROR_CODES.VALIDATION_FAILED,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  429: ERROR_CODES.TOO_MANY_ATTEMPTS,
};

/** The one mapping from failures to HTTP for the hub API: `{ code, message, correlationId }`. */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const correlationId = correlationIdOf(req);
    const { status, body } = this.describe(error, correlationId);
    if (status >= 500) this.logger.error({ err: error, correlationId }, 'Unhandled error');
    if (res.headersSent) return;
    if (error instanceof RetryLaterError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(status).json(body);
  }

  private describe(error: unknown, correlationId: string): { status: number; body: ErrorBody } {
    if (error instanceof DomainError)
      return {
        status: HTTP_STATUS_OF_KIND[error.kind],
        body: { code: error.code, message: error.message, correlationId, details: error.details },
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
      body: {
        code: ERROR_CODES.INTERNAL,
        message: 'There has been an error, please try again',
        correlationId,
      },
    };
  }
}
