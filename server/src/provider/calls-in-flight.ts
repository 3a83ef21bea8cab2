import { inGroupsOf } from '@paddock/rules';

/**
 * `call` on each of `items`, `width` at a time, the answers in the items' order: the provider's
 * database works on a job's chunks at once instead of one after the other.
 */
export async function callsInFlight<T, R>(
  items: readonly T[],
  width: number,
  call: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  for (const group of inGroupsOf(items, width)) answers.push(...(await Promise.all(group.map(call))));
  return answers;
}
