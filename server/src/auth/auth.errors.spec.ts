import { ERROR_CODES } from '@paddock/rules';
import { RetryLaterError } from '../common/domain-error';
import { ProviderError } from '../common/provider-error';
import { signInError } from './auth.errors';

describe('signInError', () => {
  const throttled = (retryAfterSeconds?: number) =>
    new ProviderError(ERROR_CODES.TOO_MANY_ATTEMPTS, false, 'Provider answered HTTP 429', {
      status: 429,
      retryAfterSeconds,
    });

  it("passes the provider throttle's wait on, as Retry-After and details.retryAfterSeconds", () => {
    const error = signInError(throttled(60));
    expect(error).toBeInstanceOf(RetryLaterError);
    expect(error).toMatchObject({ code: ERROR_CODES.TOO_MANY_ATTEMPTS, retryAfterSeconds: 60 });
  });

  it('is still TOO_MANY_ATTEMPTS when the provider named no wait', () => {
    const error = signInError(throttled());
    expect(error).not.toBeInstanceOf(RetryLaterError);
    expect(error.code).toBe(ERROR_CODES.TOO_MANY_ATTEMPTS);
  });

  it('answers an outage as PROVIDER_UNAVAILABLE, not as a throttle', () => {
    const error = signInError(new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, 'down'));
    expect(error.code).toBe(ERROR_CODES.PROVIDER_UNAVAILABLE);
  });
});
