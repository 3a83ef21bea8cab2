import { Prisma } from '../generated/hub/client';
import type { JsonValue } from '../common/json';

export type JsonInput = Prisma.InputJsonValue | typeof Prisma.JsonNull;

/** A JSON column's value as Prisma takes it: a JSON null must be written as Prisma.JsonNull. */
export function jsonInput(value: JsonValue): JsonInput {
  return value === null ? Prisma.JsonNull : value;
}
