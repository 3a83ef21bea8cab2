import { randomUUID } from 'node:crypto';
import type { AssetAuditEntry, AssetSnapshot } from '../../src/audit/audit-record';
import { AuditRepository } from '../../src/audit/audit.repository';
import { hubDb } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * A job's asset rows are written in one statement (issue 26 point 4), and still once per (job, asset,
 * action): a resumed job, or one run twice at once, updates the row it wrote before.
 */
describe('AuditRepository.recordAssetOutcomes (PostgreSQL)', () => {
  let t: TestApp;
  let audit: AuditRepository;
  let jobId: string;

  beforeAll(async () => {
    t = await startTestApp();
    audit = t.app.get(AuditRepository);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    jobId = randomUUID();
    await hubDb(t).jobRecord.create({
      data: {
        id: jobId,
        queue: 'q',
        name: 'tags-bulk',
        state: 'active',
        payload: {},
        createdBy: 'mario.rossi',
      },
    });
  });

  const entry = (assetId: string, outcome: 'done' | 'failed', before?: AssetSnapshot): AssetAuditEntry => ({
    jobId,
    actor: 'mario.rossi',
    action: 'tags-bulk' as const,
    outcome: {
      contentId: assetId,
      outcome,
      fromFolderId: 'folder-1',
      toFolderId: null,
      errorCode: outcome === 'failed' ? 'NOT_FOUND' : null,
    },
    before: before ?? null,
    after: { folderIds: ['folder-1'], tags: ['exterior'] },
  });
  const rows = () =>
    hubDb(t).auditRecord.findMany({
      where: { jobId },
      orderBy: { assetId: 'asc' },
      select: {
        assetId: true,
        outcome: true,
        errorCode: true,
        before: true,
        after: true,
        fromFolderId: true,
      },
    });

  it('writes a batch of 200 rows, each with its columns', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `asset-${String(i).padStart(3, '0')}`);
    await audit.recordAssetOutcomes(
      ids.map((id, i) => entry(id, i % 2 ? 'failed' : 'done', { folderIds: ['folder-1'], tags: [] })),
    );
    const written = await rows();
    expect(written).toHaveLength(200);
    expect(written[0]).toEqual({
      assetId: 'asset-000',
      outcome: 'success',
      errorCode: null,
      before: { folderIds: ['folder-1'], tags: [] },
      after: { folderIds: ['folder-1'], tags: ['exterior'], outcome: 'done' },
      fromFolderId: 'folder-1',
    });
    expect(written[1]).toMatchObject({ assetId: 'asset-001', outcome: 'failure', errorCode: 'NOT_FOUND' });
  });

  it('updates a row written before: one row, its latest outcome, its earlier `before` kept when none is given', async () => {
    await audit.recordAssetOutcomes([
      entry('a', 'failed', { folderIds: ['folder-1'], tags: ['old'] }),
      entry('b', 'done', { folderIds: ['folder-1'], tags: [] }),
    ]);
    await audit.recordAssetOutcomes([entry('a', 'done'), entry('a', 'done'), entry('c', 'done')]);
    expect(await rows()).toEqual([
      expect.objectContaining({
        assetId: 'a',
        outcome: 'success',
        errorCode: null,
        before: { folderIds: ['folder-1'], tags: ['old'] },
      }),
      expect.objectContaining({ assetId: 'b', outcome: 'success' }),
      expect.objectContaining({ assetId: 'c', outcome: 'success', before: null }),
    ]);
  });
});
