import { malformedAs, optional, type Reader } from './read-input';

/**
 * An address parameter that may be absent and reads as absent when malformed: a hand-edited or
 * outdated link still opens its page.
 */
export function dropMalformed<T>(read: Reader<T>): Reader<T | undefined> {
  return malformedAs(optional(read), undefined);
}
