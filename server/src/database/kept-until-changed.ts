import type { Clock } from '../common/clock';
import { RecentCache } from '../common/recent-cache';
import type { ChangeFeed, ChangeTopic } from './change-feed';

export interface KeptLimits {
  /** Entries of one process, the least recently read dropped first. */
  capacity: number;
  /** A bound on what no announcement covers (a change made without its trigger), never the rule. */
  ttlMs: number;
}

/**
 * Answers kept in this process until a change of their topic is announced (ChangeFeed): each is
 * kept under the generation read before it was computed, so it is never served after a committed
 * change it could have missed. Concurrent asks of one key share one computation; a failure is
 * answered to those who asked with it, never kept. Without a feed, or while it hears nothing,
 * every ask computes.
 */
export class KeptUntilChanged {
  private readonly kept: RecentCache<Promise<unknown>>;

  constructor(
    private readonly changes: Pick<ChangeFeed, 'generation'> | undefined,
    private readonly topic: ChangeTopic,
    { capacity, ttlMs }: KeptLimits,
    clock: Clock,
  ) {
    this.kept = new RecentCache(capacity, ttlMs, clock);
  }

  read<T>(key: readonly unknown[], compute: () => Promise<T>): Promise<T> {
    const generation = this.changes?.generation(this.topic);
    if (generation === undefined) return compute();
    const at = `${generation}\u0000${JSON.stringify(key)}`;
    const kept = this.kept.get(at);
    if (kept) return kept as Promise<T>;
    const computing = compute();
    this.kept.set(at, computing);
    computing.catch(() => this.kept.delete(at));
    return computing;
  }
}
