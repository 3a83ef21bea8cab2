import { ENRICHMENT_CLASSIFICATIONS, ERROR_CODES } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  jobContext,
  recordingAudit,
} from '../../test/support/workflow-factories';
import { snapshotOf } from '../asset-ledger/asset-snapshot';
import { AuditRepository } from '../audit/audit.repository';
import type { EnrichmentPayload } from '../jobs/job-catalogue';
import { EnrichmentJobRunner } from './enrichment-job';

const TAGS = ENRICHMENT_CLASSIFICATIONS.tags;
const METADATA = ENRICHMENT_CLASSIFICATIONS.metadata;

let provider: InMemoryProvider;
let audit: ReturnType<typeof recordingAudit>;
let runner: EnrichmentJobRunner;

beforeEach(async () => {
  provider = demoProvider();
  audit = recordingAudit();
  const module = await provider.compile([EnrichmentJobRunner, { provide: AuditRepository, useValue: audit }]);
  runner = module.get(EnrichmentJobRunner);
});

/** The contents as the provider has them now, as an audit row keeps them. */
async function statesOf(ids: string[]) {
  const found = await provider.withToken((token) => provider.contentsByIds(token, ids));
  return ids.map((id) =>
    snapshotOf(
      found.find((c) => c.id === id),
      { metadata: true },
    ),
  );
}

describe('an enrichment job over its contents', () => {
  it('reads them once, and audits each with the state the provider then has', async () => {
    const exterior = provider.enrichment.defineTag(TAGS, 'tag-exterior');
    const interior = provider.enrichment.defineTag(TAGS, null);
    const ids = [0, 1, 2].map(() => contentIn(provider, [FOLDERS.enrichment]));
    // One content already has what the job adds, and a value the job replaces.
    await provider.withToken(async (token) => {
      await provider.enrichment.tagMany(token, 'add', interior, TAGS, ids);
      await provider.enrichment.metadataMany(token, 'set', { key: 'authorinfo', value: 'Old' }, METADATA, [
        ids[0]!,
      ]);
      await provider.enrichment.tagMany(token, 'add', exterior, TAGS, [ids[0]!]);
    });
    const before = await statesOf(ids);
    const payload: EnrichmentPayload = {
      folderId: provider.folderByPrettyId(FOLDERS.enrichment).id,
      contentIds: ids,
      ops: [
        { kind: 'tag', action: 'add', tagId: exterior, classificationId: TAGS },
        { kind: 'tag', action: 'remove', tagId: interior, classificationId: TAGS },
        {
          kind: 'metadata',
          action: 'set',
          key: 'authorinfo',
          value: 'Foto Studio',
          classificationId: METADATA,
        },
        { kind: 'metadata', action: 'remove', key: 'notes-copyright', classificationId: METADATA },
      ],
    };
    const reads = provider.count('contentsByIds');

    expect(await runner.run('tags-bulk', payload, jobContext(), false)).toMatchObject({ total: 3, done: 3 });
    expect(provider.count('contentsByIds') - reads).toBe(1);
    expect(audit.assets.map((a) => a.before)).toEqual(before);
    expect(audit.assets.map((a) => a.after)).toEqual(await statesOf(ids));
    expect(audit.assets[0]!.after).toMatchObject({
      tags: ['tag-exterior'],
      metadata: ['authorinfo=Foto Studio'],
    });
  });

  it('audits a content the provider no longer has as failed NOT_FOUND, with no state after', async () => {
    const tag = provider.enrichment.defineTag(TAGS, 'tag-exterior');
    const [kept, gone] = [0, 1].map(() => contentIn(provider, [FOLDERS.enrichment]));
    provider.contents.get(gone!)!.trashed = true;
    const payload: EnrichmentPayload = {
      folderId: provider.folderByPrettyId(FOLDERS.enrichment).id,
      contentIds: [kept!, gone!],
      ops: [{ kind: 'tag', action: 'add', tagId: tag, classificationId: TAGS }],
    };

    expect(await runner.run('tags-bulk', payload, jobContext(), false)).toMatchObject({ done: 1, failed: 1 });
    expect(audit.assets.map((a) => [a.outcome.errorCode, a.after?.tags ?? null])).toEqual([
      [null, ['tag-exterior']],
      [ERROR_CODES.NOT_FOUND, null],
    ]);
  });
});
