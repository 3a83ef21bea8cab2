import { ERROR_CODES } from '@paddock/rules';
import { ProviderError } from '../common/provider-error';
import type { ProviderGateway } from './provider.gateway';
import { ProviderServiceSession } from './service-session';

const CONFIG = {
  PROVIDER_SERVICE_USERNAME: 'paddock.workflow',
  PROVIDER_SERVICE_PASSWORD: 'secret',
  PROVIDER_TOKEN_TTL_MINUTES: 60,
};

/** A session over a login that answers `answers` in turn. */
function sessionOver(answers: Array<Error | string>) {
  let calls = 0;
  const provider: Pick<ProviderGateway, 'login'> = {
    login: () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      return typeof answer === 'string'
        ? Promise.resolve({ token: answer, username: CONFIG.PROVIDER_SERVICE_USERNAME, fullName: 'Workflow' })
        : Promise.reject(answer);
    },
  };
  const session = new ProviderServiceSession(provider, CONFIG, {
    now: () => new Date('2026-05-01T10:00:00Z'),
  });
  return { session, calls: () => calls };
}

describe('ProviderServiceSession, throttled by the provider', () => {
  it('answers a throttled login as a transient outage at once, with the wait, and signs in on the next try', async () => {
    const throttled = new ProviderError(ERROR_CODES.TOO_MANY_ATTEMPTS, false, 'Provider answered HTTP 429', {
      status: 429,
      retryAfterSeconds: 30,
    });
    const { session, calls } = sessionOver([throttled, 'token-1']);
    await expect(session.token()).rejects.toMatchObject({
      code: ERROR_CODES.PROVIDER_UNAVAILABLE,
      transient: true,
      detail: { status: 429, retryAfterSeconds: 30 },
    });
    await expect(session.token()).resolves.toBe('token-1');
    expect(calls()).toBe(2);
  });

  it('passes a wrong password and an outage on as they are', async () => {
    for (const refusal of [
      new ProviderError(ERROR_CODES.WRONG_CREDENTIALS, false, 'refused'),
      new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, 'down'),
    ]) {
      const { session } = sessionOver([refusal]);
      await expect(session.token()).rejects.toBe(refusal);
    }
  });
});
