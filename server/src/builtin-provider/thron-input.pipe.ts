import { PipeTransform } from '@nestjs/common';
import { LIMITS, isValidName } from '@paddock/rules';
import { z } from 'zod';
import { THRON_FAILURES, thronError } from './thron.errors';

/**
 * Validates a form body or query against a zod schema. THRON ignores unknown input properties
 * (research §1), which the hub's strict class-validator pipe would refuse, so provider input is
 * typed as a plain object the global pipe skips and is checked here; a missing body reads as empty.
 */
export class ThronInputPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  // Public: the fuzz test (server/test/security/fuzz.int-spec.ts) generates its inputs from it.
  constructor(readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const detail = result.error.issues.map((i) => `${i.path.join('.') || '(body)'} ${i.message}`).join('; ');
    throw thronError(THRON_FAILURES.invalidArguments, detail);
  }
}

/** A folder or content name in a provider call: the hub's own rule (isValidName), so neither door takes more. */
export const thronName = z
  .string()
  .refine(isValidName, `must be at most ${LIMITS.nameMaxLength} characters, all of them Latin-1`);
