import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { failureOf } from './thron-exception.filter';
import { THRON_FAILURES, ThronError } from './thron.errors';

describe('failureOf (the built-in provider’s envelope for every failure)', () => {
  it.each<[string, unknown, object]>([
    ['a ThronError as it is', new ThronError(THRON_FAILURES.sessionExpired), THRON_FAILURES.sessionExpired],
    ['the throttle as 429 TOO_MANY_ATTEMPTS', new ThrottlerException(), THRON_FAILURES.tooManyRequests],
    [
      "a 400 as THRON's invalid arguments",
      new BadRequestException('bad form'),
      {
        status: 400,
        resultCode: 'EXCEPTION',
        errorDescription: 'INVALID_ARGUMENTS: bad form',
        ssoCode: 'OK',
      },
    ],
    [
      'a 403 as ACCESS_DENIED',
      new ForbiddenException(),
      { status: 403, resultCode: 'ACCESS_DENIED', ssoCode: 'ACCESS_DENIED' },
    ],
    ['a 404 keeping its status', new NotFoundException(), { status: 404, resultCode: 'EXCEPTION' }],
    ['anything else as 500 EXCEPTION', new Error('boom'), THRON_FAILURES.exception],
  ])('answers %s', (_case, error, expected) => {
    expect(failureOf(error)).toMatchObject(expected);
  });
});
