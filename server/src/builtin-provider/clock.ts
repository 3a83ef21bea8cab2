/** Time as the built-in provider sees it; unit tests pass a fixed clock. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('BUILTIN_PROVIDER_CLOCK');

export const systemClock: Clock = { now: () => new Date() };
