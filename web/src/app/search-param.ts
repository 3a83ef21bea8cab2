import { z } from 'zod/mini';

/**
 * An address parameter that may be absent and reads as absent when malformed: a hand-edited or
 * outdated link still opens its page.
 */
export function dropMalformed<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined);
}
