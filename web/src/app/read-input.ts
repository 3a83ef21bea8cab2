/**
 * Reads untrusted input (the address, the hub's error bodies and job events, a sign-on message,
 * session storage) into typed values. A reader returns the value it read, or throws MalformedInput:
 * a route's `validateSearch` takes one as it is, and `readOrNull` answers null instead.
 *
 * Readers compose as a schema does: `object({ name: string({ max: 100 }), tags: optional(array(string())) })`,
 * and `Read<typeof reader>` is the type it reads (as `z.infer` was). An object reader keeps only its
 * own keys, and leaves out an absent key that reads as undefined.
 */

/** What a reader throws when the input is not what it reads. */
export class MalformedInput extends Error {}

/** Reads an untrusted value as a T, or throws MalformedInput. */
export type Reader<T> = (input: unknown) => T;

/** The type a reader reads. */
export type Read<R extends Reader<unknown>> = ReturnType<R>;

interface Length {
  min?: number;
  max?: number;
}

function fail(expected: string): never {
  throw new MalformedInput(`expected ${expected}`);
}

function within(length: number, { min = 0, max = Infinity }: Length): boolean {
  return length >= min && length <= max;
}

function isObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/** A string, its length (in UTF-16 code units) within `min` and `max`. */
export function string(length: Length = {}): Reader<string> {
  return (input) => (typeof input === 'string' && within(input.length, length) ? input : fail('a string'));
}

/** A finite number. */
export function number(): Reader<number> {
  return (input) => (typeof input === 'number' && Number.isFinite(input) ? input : fail('a number'));
}

/** A safe integer above zero. */
export function positiveInteger(): Reader<number> {
  return (input) =>
    Number.isSafeInteger(input) && (input as number) > 0 ? (input as number) : fail('a count');
}

export function boolean(): Reader<boolean> {
  return (input) => (typeof input === 'boolean' ? input : fail('a boolean'));
}

/** Anything, as it came: for a part read elsewhere, or passed on unread. */
export function unknown(): Reader<unknown> {
  return (input) => input;
}

/** Exactly this value. */
export function literal<const T extends string | number | boolean | null>(value: T): Reader<T> {
  return (input) => (input === value ? value : fail(String(value)));
}

/** One of these values (an enumeration's readonly tuple). */
export function oneOf<const T extends readonly (string | number)[]>(values: T): Reader<T[number]> {
  return (input) => (values.includes(input as T[number]) ? (input as T[number]) : fail(values.join(' | ')));
}

/** Absent (undefined) or what `read` reads; in an object, the key may be left out. */
export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (input) => (input === undefined ? undefined : read(input));
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (input) => (input === null ? null : read(input));
}

/** What `read` reads, or a fresh `absent()` when the input is absent (undefined). */
export function withDefault<T>(read: Reader<T>, absent: () => T): Reader<T> {
  return (input) => (input === undefined ? absent() : read(input));
}

/** What `read` reads, or `fallback` when the input is malformed. */
export function malformedAs<T, F>(read: Reader<T>, fallback: F): Reader<T | F> {
  return (input) => {
    try {
      return read(input);
    } catch (error) {
      if (error instanceof MalformedInput) return fallback;
      throw error;
    }
  };
}

/** What `read` reads, or null when the input is malformed. */
export function readOrNull<T>(read: Reader<T>, input: unknown): T | null {
  return malformedAs(read, null)(input);
}

/** An array, its length within `min` and `max`, each item read by `item`. */
export function array<T>(item: Reader<T>, length: Length = {}): Reader<T[]> {
  return (input) =>
    Array.isArray(input) && within(input.length, length)
      ? Array.from(input, (value) => item(value))
      : fail('a list');
}

/** A plain object used as a dictionary: its own string keys, each value read by `value`. */
export function record<T>(value: Reader<T>): Reader<Record<string, T>> {
  return (input) => {
    if (!isObject(input) || ![Object.prototype, null].includes(Object.getPrototypeOf(input)))
      fail('a dictionary');
    const read: Record<string, T> = {};
    // JSON.parse makes an own `__proto__` key; assigned, it would change the result's prototype.
    for (const [key, item] of Object.entries(input)) if (key !== '__proto__') read[key] = value(item);
    return read;
  };
}

type Shape = Record<string, Reader<unknown>>;

/** The keys whose reader accepts absence: those an object may leave out. */
type OptionalKey<S extends Shape> = { [K in keyof S]: undefined extends Read<S[K]> ? K : never }[keyof S];

/** The object an object reader reads, with its optional keys marked so (`key?: T | undefined`). */
export type ReadObject<S extends Shape> = {
  [K in keyof S as K extends OptionalKey<S> ? never : K]: Read<S[K]>;
} & { [K in OptionalKey<S>]?: Read<S[K]> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never;

/**
 * An object (not an array or null), each key of `shape` read by its reader; other keys are dropped.
 * An absent key whose reader gives undefined stays absent. `shape` is kept, to extend the object:
 * `object({ ...other.shape, more: string() })`.
 */
export function object<S extends Shape>(shape: S): Reader<ReadObject<S>> & { readonly shape: S } {
  const read = (input: unknown): ReadObject<S> => {
    if (!isObject(input)) fail('an object');
    const known: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const value = field(input[key]);
      if (value !== undefined || key in input) known[key] = value;
    }
    return known as ReadObject<S>;
  };
  return Object.assign(read, { shape });
}
