import type { Provider } from '@nestjs/common';
import { holdsOf, type LegalHoldScope } from '@paddock/rules';
import { HeldContents } from '../../src/legal-hold/held-contents';
import {
  LegalHoldRepository,
  type LegalHoldRecord,
  type NewLegalHold,
} from '../../src/legal-hold/legal-hold.repository';

/** Every method of the repository, for the service and the guard alike. */
type LegalHoldStore = Pick<
  LegalHoldRepository,
  'heldAmong' | 'activeOn' | 'place' | 'find' | 'release' | 'list'
>;
import { Metrics } from '../../src/metrics/metrics';

/**
 * The hub's legal holds in memory, with the real guard (HeldContents) over them and a metrics
 * registry of its own: `hold` places one, `release` releases it, `kept` reads the metric.
 */
export function inMemoryLegalHolds() {
  const holds: LegalHoldRecord[] = [];
  const active = () => holds.filter((h) => h.releasedAt === null);
  const record = (hold: NewLegalHold, placedBy: string): LegalHoldRecord => {
    const placed: LegalHoldRecord = {
      ...hold,
      id: `00000000-0000-4000-8000-${String(holds.length + 1).padStart(12, '0')}`,
      placedBy,
      placedAt: new Date(holds.length * 1000),
      releasedBy: null,
      releasedAt: null,
    };
    holds.push(placed);
    return placed;
  };
  const repository: LegalHoldStore = {
    place: (news, placedBy) => Promise.resolve(news.map((hold) => record(hold, placedBy))),
    find: (id) => Promise.resolve(holds.find((h) => h.id === id) ?? null),
    release: (id, releasedBy, at) => {
      const hold = active().find((h) => h.id === id);
      if (hold) Object.assign(hold, { releasedBy, releasedAt: at });
      return Promise.resolve(!!hold);
    },
    list: (state, offset, limit) => {
      const listed = [...holds]
        .reverse()
        .filter((h) => state === 'all' || (state === 'active') === (h.releasedAt === null));
      return Promise.resolve({
        holds: listed.slice(offset, offset + limit),
        hasMore: listed.length > offset + limit,
      });
    },
    heldAmong: (subjects) =>
      Promise.resolve(
        new Map(
          subjects.flatMap((s) => {
            const held = holdsOf(s, active());
            return held.length ? [[s.id, held] as const] : [];
          }),
        ),
      ),
    activeOn: (scope, targetIds) =>
      Promise.resolve(active().filter((h) => h.scope === scope && targetIds.includes(h.targetId))),
  };
  const metrics = new Metrics({ PROCESS_ROLE: 'all' });
  const providers: Provider[] = [
    HeldContents,
    { provide: LegalHoldRepository, useValue: repository },
    { provide: Metrics, useValue: metrics },
  ];
  return {
    providers,
    holds,
    hold(scope: LegalHoldScope, targetId: string, reason = `case of ${targetId}`): LegalHoldRecord {
      return record({ scope, targetId, reason }, 'admin');
    },
    release(record: LegalHoldRecord): void {
      Object.assign(record, { releasedBy: 'admin', releasedAt: new Date(1) });
    },
    /** paddock_legal_hold_kept_total for one act. */
    async kept(act: string): Promise<number> {
      const metric = await metrics.legalHoldKept.get();
      return metric.values.find((v) => v.labels.act === act)?.value ?? 0;
    },
  };
}
