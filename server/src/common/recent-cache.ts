import type { Clock } from './clock';

/**
 * A bounded in-process cache: at most `capacity` entries, the least recently read dropped first,
 * each forgotten `ttlMs` after it was stored. Only for what any replica can compute again: it is
 * never shared, so a miss costs a computation, never a wrong answer.
 */
export class RecentCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.clock.now().getTime()) return undefined;
    // A Map iterates in insertion order: set again, the entry becomes the most recent.
    this.entries.set(key, entry);
    return entry.value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.clock.now().getTime() + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }
}
