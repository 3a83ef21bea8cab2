import type { Provider } from '@nestjs/common';
import type { Clock } from '../../src/common/clock';
import {
  RejectionChecksRepository,
  type StoredMark,
} from '../../src/rejection-checklist/rejection-checks.repository';

/** The checklist marks as the hub's table keeps them, in memory: by `asset@version`. */
export function inMemoryRejectionChecks(clock: Clock) {
  const marks = new Map<string, StoredMark[]>();
  const repository: Pick<RejectionChecksRepository, 'marksOf' | 'marksOfMany' | 'set'> = {
    marksOf: (assetId, version) => Promise.resolve(marks.get(`${assetId}@${version}`) ?? []),
    marksOfMany: (items) =>
      Promise.resolve(new Map(items.map((i) => [i.assetId, marks.get(`${i.assetId}@${i.version}`) ?? []]))),
    set: (m, username) => {
      const key = `${m.assetId}@${m.version}`;
      const kept = (marks.get(key) ?? []).filter((x) => x.region !== m.region);
      const added = m.mark
        ? [{ region: m.region, mark: m.mark, markedBy: username, markedAt: clock.now() }]
        : [];
      marks.set(key, [...kept, ...added]);
      return Promise.resolve();
    },
  };
  const provider: Provider = { provide: RejectionChecksRepository, useValue: repository };
  return { marks, provider };
}
