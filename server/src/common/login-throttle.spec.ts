import {
  loginDelayMs,
  loginDelaySchedule,
  loginThrottlePolicyOf,
  type LoginThrottlePolicy,
} from './login-throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const policy: LoginThrottlePolicy = { freeFailures: 5, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE };

describe('loginDelayMs', () => {
  it('answers the free failures at once', () => {
    expect([0, 1, 2, 3, 4].map((n) => loginDelayMs(n, policy))).toEqual([0, 0, 0, 0, 0]);
  });

  it('doubles the wait with every failure beyond the free ones', () => {
    expect([5, 6, 7, 8, 9].map((n) => loginDelayMs(n, policy) / SECOND)).toEqual([30, 60, 120, 240, 480]);
  });

  it('never waits longer than the cap, however many failures', () => {
    expect([10, 11, 50, 5000].map((n) => loginDelayMs(n, policy))).toEqual([
      15 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
      15 * MINUTE,
    ]);
  });

  it('caps even the first wait when the cap is shorter', () => {
    expect(loginDelayMs(5, { ...policy, maxDelayMs: 10 * SECOND })).toBe(10 * SECOND);
  });
});

describe('loginDelaySchedule', () => {
  it('lists every wait from no failure up to the first capped one', () => {
    expect(loginDelaySchedule(policy).map((ms) => ms / SECOND)).toEqual([
      0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900,
    ]);
  });
});

describe('loginThrottlePolicyOf', () => {
  it('reads the free failures and the cap from LOGIN_MAX_FAILURES and LOGIN_LOCK_MINUTES', () => {
    expect(loginThrottlePolicyOf({ LOGIN_MAX_FAILURES: 3, LOGIN_LOCK_MINUTES: 60 })).toEqual({
      freeFailures: 3,
      firstDelayMs: 30 * SECOND,
      maxDelayMs: 60 * MINUTE,
    });
  });
});
