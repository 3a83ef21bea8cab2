/** Time as the hub's auth sees it; unit tests pass a fixed clock. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('AUTH_CLOCK');

export const systemClock: Clock = { now: () => new Date() };
