import { UnrecoverableError } from 'bullmq';
import { E_CODES } from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { classifyJobError, PermanentJobError, TransientJobError } from './job-errors';

class GatewayError extends Error {
  constructor(
    readonly code: string,
    readonly transient: boolean,
  ) {
    super(`gateway failed with ${code}`);
  }
}

describe('classifyJobError: retry or give up', () => {
  it.each([
    [
      'an explicit permanent error',
      new PermanentJobError(E_CODES.ACCEPT_LINK_FAILED, 'gone'),
      true,
      E_CODES.ACCEPT_LINK_FAILED,
    ],
    [
      'an explicit transient error',
      new TransientJobError(E_CODES.RENAME_UPDATE_IT_FAILED, 'later'),
      false,
      E_CODES.RENAME_UPDATE_IT_FAILED,
    ],
    ['an invalid request', DomainError.invalid('bad'), true, 'VALIDATION_FAILED'],
    ['a missing thing', DomainError.notFound(), true, 'NOT_FOUND'],
    ['a forbidden change', DomainError.forbidden(), true, 'FORBIDDEN'],
    [
      'an unavailable service',
      new DomainError('PROVIDER_UNAVAILABLE', 'down'),
      false,
      'PROVIDER_UNAVAILABLE',
    ],
    [
      'a transient gateway failure',
      new GatewayError(E_CODES.MOVE_UNLINK_FAILED, true),
      false,
      E_CODES.MOVE_UNLINK_FAILED,
    ],
    [
      'a permanent gateway failure',
      new GatewayError(E_CODES.SUPPLIER_REMOVAL_FAILED, false),
      true,
      E_CODES.SUPPLIER_REMOVAL_FAILED,
    ],
    ['an UnrecoverableError', new UnrecoverableError('stop'), true, 'INTERNAL'],
    ['an unknown error', new Error('ECONNRESET'), false, 'INTERNAL'],
    ['a thrown string', 'oops', false, 'INTERNAL'],
  ])('%s', (_label, error, permanent, code) => {
    expect(classifyJobError(error)).toMatchObject({ permanent, code });
  });
});
