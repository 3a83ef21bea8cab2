import { ERROR_CODES } from '@paddock/rules';
import { ProviderError } from '../common/provider-error';
import type { ProviderGateway } from './provider.gateway';
import { ProviderServiceSession, THROTTLED_LOGIN_RETRIES } from './service-session';

const CONFIG = {
  PROVIDER_SERVICE_USERNAME: 'paddock.workflow',
  PROVIDER_SERVICE_PASSWORD: 'secret',
  PROVIDER_TOKEN_TTL_MINUTES: 60,
};

const throttled = (retryAfterSeconds?: number) =>
  new ProviderError(ERROR_CODES.TOO_MANY_ATTEMPTS, false, 'Provider answered HTTP 429', {
    status: 429,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });

/** A session whose pauses are recorded, not waited, over a login that answers `answers` in turn. */
function sessionOver(answers: Array<Error | string>) {
  const pauses: number[] = [];
  let calls = 0;
  const provider: Pick<ProviderGateway, 'login'> = {
    login: () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      return typeof answer === 'string'
        ? Promise.resolve({ token: answer, username: CONFIG.PROVIDER_SERVICE_USERNAME, fullName: 'Workflow' })
        : Promise.reject(answer);
    },
  };
  class Recorded extends ProviderServiceSession {
    protected override pause(seconds: number): Promise<void> {
      pauses.push(seconds);
      return Promise.resolve();
    }
  }
  const session = new Recorded(provider, CONFIG, { now: () => new Date('2026-05-01T10:00:00Z') });
  return { session, pauses, calls: () => calls };
}

describe('ProviderServiceSession, throttled by the provider', () => {
  it('waits out the Retry-After of a throttled login and signs in', async () => {
    const { session, pauses, calls } = sessionOver([throttled(30), throttled(60), 'token-1']);
    await expect(session.token()).resolves.toBe('token-1');
    expect(pauses).toEqual([30, 60]);
    expect(calls()).toBe(3);
  });

  it('waits at most two minutes at a time, also when no wait is given', async () => {
    const { session, pauses } = sessionOver([throttled(900), throttled(), 'token-1']);
    await expect(session.token()).resolves.toBe('token-1');
    expect(pauses).toEqual([120, 120]);
  });

  it('gives up after its retries with the throttle refusal', async () => {
    const { session, pauses, calls } = sessionOver([throttled(30)]);
    await expect(session.token()).rejects.toMatchObject({ code: ERROR_CODES.TOO_MANY_ATTEMPTS });
    expect(pauses).toHaveLength(THROTTLED_LOGIN_RETRIES);
    expect(calls()).toBe(THROTTLED_LOGIN_RETRIES + 1);
  });

  it('does not wait on a wrong password or an outage', async () => {
    for (const refusal of [
      new ProviderError(ERROR_CODES.WRONG_CREDENTIALS, false, 'refused'),
      new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, 'down'),
    ]) {
      const { session, pauses, calls } = sessionOver([refusal, 'token-1']);
      await expect(session.token()).rejects.toBe(refusal);
      expect(pauses).toEqual([]);
      expect(calls()).toBe(1);
    }
  });

  it('lets concurrent callers share the one login that waited', async () => {
    const { session, calls } = sessionOver([throttled(30), 'token-1']);
    await expect(Promise.all([session.token(), session.token()])).resolves.toEqual(['token-1', 'token-1']);
    expect(calls()).toBe(2);
  });
});
