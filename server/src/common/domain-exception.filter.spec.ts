import { Logger } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { ProviderError } from './provider-error';
import { DomainError } from './domain-error';
import { DomainExceptionFilter, describeError } from './domain-exception.filter';

describe('describeError: every provider failure mapped once', () => {
  it.each<[string, ProviderError, number, string]>([
    [
      'a refused operation keeps its E-code as a conflict',
      new ProviderError('E055', false, 'x'),
      409,
      'E055',
    ],
    ['a refused load keeps its E-code, try later', new ProviderError('E009', false, 'x'), 503, 'E009'],
    ['an outage of a load keeps its E-code', new ProviderError('E002', true, 'x'), 503, 'E002'],
    [
      'an outage during an operation is PROVIDER_UNAVAILABLE',
      new ProviderError('E064', true, 'x'),
      503,
      'PROVIDER_UNAVAILABLE',
    ],
    [
      'a provider that is down',
      new ProviderError('PROVIDER_UNAVAILABLE', true, 'x'),
      503,
      'PROVIDER_UNAVAILABLE',
    ],
    ['NOT_FOUND', new ProviderError('NOT_FOUND', false, 'x'), 404, 'NOT_FOUND'],
    ['FORBIDDEN', new ProviderError('FORBIDDEN', false, 'x'), 403, 'FORBIDDEN'],
    ['an ended provider session', new ProviderError('UNAUTHENTICATED', false, 'x'), 401, 'UNAUTHENTICATED'],
    ['an invalid request', new ProviderError('VALIDATION_FAILED', false, 'x'), 400, 'VALIDATION_FAILED'],
    [
      'a folder that is not empty',
      new ProviderError('FOLDER_NOT_EMPTY', false, 'x'),
      409,
      'FOLDER_NOT_EMPTY',
    ],
    ['an upload refusal', new ProviderError('UPLOAD_FORBIDDEN', false, 'x'), 403, 'UPLOAD_FORBIDDEN'],
    ['throttling', new ProviderError('TOO_MANY_ATTEMPTS', false, 'x'), 429, 'TOO_MANY_ATTEMPTS'],
  ])('%s', (_case, error, status, code) => {
    expect(describeError(error, 'c1')).toMatchObject({ status, body: { code, correlationId: 'c1' } });
  });

  it('answers the provider its own words never: they stay in the log', () => {
    const { body } = describeError(new ProviderError('E055', false, 'Provider answered HTTP 418 X'), 'c1');
    expect(body.message).not.toContain('418');
  });

  it('answers anything it does not know as 500 INTERNAL', () => {
    expect(describeError(new TypeError('boom'), 'c1')).toMatchObject({
      status: 500,
      body: { code: 'INTERNAL' },
    });
  });
});

describe("describeError: a domain error answers its code's one status", () => {
  it.each<[string, DomainError, number]>([
    // An outside system that failed after the hub did its part: 502, no longer flattened to 500.
    ['a mail the mail server refused', new DomainError('SHARE_MAIL_FAILED', 'x'), 502],
    ['a folder publish that failed', new DomainError('FOLDER_PUBLISH_FAILED', 'x'), 502],
    // The codes that answered two statuses before issue 24.
    ['a delivery that could not enter step 1 (E046)', new DomainError('E046', 'x'), 409],
    ['a department without its workflow folder', new DomainError('WORKFLOW_ACTION_NOT_ALLOWED', 'x'), 403],
  ])('%s', (_case, error, status) => {
    expect(describeError(error, 'c1')).toMatchObject({ status, body: { code: error.code } });
  });
});

describe('DomainExceptionFilter logging', () => {
  function answer(error: unknown) {
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      headersSent: false,
      status(status: number) {
        sent.status = status;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
      },
    };
    const req = { headers: { 'x-request-id': 'c1' } };
    new DomainExceptionFilter().catch(error, new ExecutionContextHost([req, res]));
    return sent;
  }

  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    [
      'an outage',
      new ProviderError('PROVIDER_UNAVAILABLE', true, 'unreachable', { networkCode: 'ECONNRESET' }),
    ],
    ['a provider refusal', new ProviderError('FORBIDDEN', false, 'Provider answered HTTP 403')],
    ['a domain refusal', DomainError.notFound()],
  ])('logs %s as one warning without a stack', (_case, failure) => {
    answer(failure);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).not.toHaveProperty('err');
  });

  it('answers nothing and logs no fault when the reader closed the connection mid-stream', () => {
    const cut = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(answer(cut).status).toBeUndefined();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a real fault as "Unhandled error" with the error (and its stack)', () => {
    const fault = new TypeError('boom');
    expect(answer(fault).status).toBe(500);
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: fault }), 'Unhandled error');
  });
});
