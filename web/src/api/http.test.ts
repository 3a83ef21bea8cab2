import { E_CODES, LIMITS } from '@paddock/rules';
import { fakeHub, hubError, ok } from '../../test/fake-hub';
import { ApiError } from './api-error';
import { configureApi, request } from './http';

const onUnauthorized = jest.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  configureApi({ csrfToken: () => 'csrf-1', onUnauthorized });
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('API client', () => {
  it('sends JSON with the session cookie, and the CSRF token only on state-changing calls', async () => {
    const calls = fakeHub({ 'GET /api/a': ok({ n: 1 }), 'POST /api/b': ok({ n: 2 }) });

    await expect(request('/api/a')).resolves.toEqual({ n: 1 });
    await expect(request('/api/b', { method: 'POST', body: { x: 1 } })).resolves.toEqual({ n: 2 });

    expect(calls[0].headers.get('x-csrf-token')).toBeNull();
    expect(calls[1].headers.get('x-csrf-token')).toBe('csrf-1');
    expect(calls[1].headers.get('content-type')).toBe('application/json');
    expect(calls[1].body).toEqual({ x: 1 });
    const init = jest.mocked(fetch).mock.calls[0][1];
    expect(init?.credentials).toBe('include');
  });

  it('resolves an empty answer to undefined', async () => {
    fakeHub({ 'DELETE /api/session': ok() });
    await expect(request('/api/session', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns an error body into a typed error', async () => {
    fakeHub({ 'GET /api/a': hubError(409, E_CODES.ACCEPT_LINK_FAILED) });

    const error = await failureOf(request('/api/a'));

    expect(error).toMatchObject({
      status: 409,
      code: E_CODES.ACCEPT_LINK_FAILED,
      correlationId: 'corr-test',
    });
  });

  it('names a code the web does not know, and keeps the hub’s code to show', async () => {
    fakeHub({ 'GET /api/a': hubError(409, 'BRAND_NEW_REFUSAL') });

    expect(await failureOf(request('/api/a'))).toMatchObject({
      status: 409,
      code: 'UNKNOWN_CODE',
      shownCode: 'BRAND_NEW_REFUSAL',
    });
  });

  it('names an answer that is not the hub’s error shape a bad response', async () => {
    fakeHub({ 'GET /api/a': { status: 502, body: '<html>Bad gateway</html>' } });
    expect(await failureOf(request('/api/a'))).toMatchObject({ status: 502, code: 'BAD_RESPONSE' });
  });

  it('reports every unexpected 401 to the one handler', async () => {
    fakeHub({ 'GET /api/a': hubError(401, 'UNAUTHENTICATED') });

    await failureOf(request('/api/a'));

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to callers for whom it is an answer, such as sign-in', async () => {
    fakeHub({ 'POST /api/session': hubError(401, 'WRONG_CREDENTIALS') });

    const error = await failureOf(
      request('/api/session', { method: 'POST', body: {}, unauthorizedIsAnswer: true }),
    );

    expect(error.code).toBe('WRONG_CREDENTIALS');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after the content-service timeout', async () => {
    jest.useFakeTimers();
    const neverAnswers = jest.fn(
      (_input: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    Object.defineProperty(globalThis, 'fetch', { value: neverAnswers, configurable: true, writable: true });

    const pending = failureOf(request('/api/slow'));
    jest.advanceTimersByTime(LIMITS.contentServiceTimeoutMs);

    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
    jest.useRealTimers();
  });

  it('names a network failure', async () => {
    const offline = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    Object.defineProperty(globalThis, 'fetch', { value: offline, configurable: true, writable: true });

    expect(await failureOf(request('/api/a'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
