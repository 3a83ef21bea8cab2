import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Response } from 'express';
import { RetryLaterError } from '../common/domain-error';
import { THRON_FAILURES, ThronError, thronError, type ThronFailure } from './thron.errors';

/**
 * Answers every failure of a built-in provider endpoint with THRON's envelope and status, instead of
 * the hub's `{ code, message, correlationId }` (the hub's global filter must not shape /provider).
 */
@Catch()
export class ThronExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('BuiltinProvider');

  /**
   * Returns `true` once the failure is answered: over HTTP Nest ignores the value, but a handler called
   * in-process (provider/in-process-transport.ts) goes through Nest's external handler, which logs an
   * answered refusal at error level and rethrows it unless its filter returns something.
   */
  catch(error: unknown, host: ArgumentsHost): true {
    const res = host.switchToHttp().getResponse<Response>();
    const failure = failureOf(error);
    if (failure.status >= 500) this.logger.error({ err: error }, 'Unhandled provider error');
    if (res.headersSent) return true;
    const { status, ...envelope } = failure;
    const retryAfter =
      error instanceof ThronError || error instanceof RetryLaterError ? error.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    // THRON also names the business error in a header (research §1, WebApplicationException).
    res.status(status).setHeader('X-ERRORCODE', envelope.resultCode).json(envelope);
    return true;
  }
}

export function failureOf(error: unknown): ThronFailure {
  if (error instanceof ThronError) return error.failure;
  if (error instanceof ThrottlerException) return THRON_FAILURES.tooManyRequests;
  // The login throttle shared with the hub (common/login-throttle.ts) throws the hub's code.
  if (error instanceof RetryLaterError)
    return error.status === 503 ? THRON_FAILURES.unavailable : THRON_FAILURES.tooManyRequests;
  if (error instanceof HttpException && error.getStatus() < 500) {
    const status = error.getStatus();
    // A NUL byte, a body that does not parse (input-boundary.ts): THRON's invalid arguments.
    if (status === 400) return thronError(THRON_FAILURES.invalidArguments, error.message).failure;
    if (status === 403)
      return {
        status,
        resultCode: 'ACCESS_DENIED',
        errorDescription: 'ACCESS_DENIED',
        ssoCode: 'ACCESS_DENIED',
      };
    return { status, resultCode: 'EXCEPTION', errorDescription: error.message, ssoCode: 'OK' };
  }
  return THRON_FAILURES.exception;
}
