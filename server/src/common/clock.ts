/** The time, behind an interface so services can be tested at any moment (CONVENTIONS §4). */
export interface Clock {
  now(): Date;
}

/** Injection token of the one `Clock` (ClockModule provides it globally). */
export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };
