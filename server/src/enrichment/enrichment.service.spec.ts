import {
  COPYRIGHT_TAGS,
  ENRICHMENT_CLASSIFICATIONS as CLASSES,
  ENRICHMENT_ERROR_CODES as CODES,
  ERROR_CODES,
  LIMITS,
  NATION_KEY,
  STATE_KEY,
  VIN_PLATE_KEYS,
  WORKFLOW_TAGS,
  plateKey,
  vinKey,
  type MetadataDefinitionSummary,
} from '@paddock/rules';
import { CLOCK } from '../common/clock';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  fixedClock,
  recordingJobs,
  userOf,
} from '../../test/support/workflow-factories';
import { JobName } from '../jobs/job-catalogue';
import { campaignFolderPrettyId } from '../seed/demo-data';
import { JobsService } from '../jobs/jobs.service';
import { PLACES_PROVIDERS } from '../places/places.module';
import { EnrichmentSelection } from './enrichment-selection';
import { EnrichmentService } from './enrichment.service';

const METADATA = CLASSES.metadata;
const mario = userOf('mario.rossi');

let provider: InMemoryProvider;
let jobs: ReturnType<typeof recordingJobs>;
let service: EnrichmentService;
let outdoor: string;

const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

function definition(key: string, over: Partial<MetadataDefinitionSummary> = {}): MetadataDefinitionSummary {
  return {
    id: `def-${key}`,
    key,
    classificationId: METADATA,
    names: { en: key },
    type: 'string',
    mandatory: false,
    options: [],
    ...over,
  };
}

/** A wizard value already on the content (SPEC §3 metadata classification). */
function valueOn(contentId: string, key: string, value: string): void {
  provider.contents.get(contentId)!.imetadata.push({ key, value, classificationId: METADATA });
}

beforeEach(async () => {
  provider = demoProvider();
  jobs = recordingJobs();
  provider.enrichment.definitions.push(
    definition('location'),
    definition(NATION_KEY, {
      type: 'singleEnum',
      options: ['united-states', 'italy'].map((value) => ({ value, name: value })),
    }),
    definition(STATE_KEY),
  );
  outdoor = provider.enrichment.defineTag(CLASSES.tags, 'esterni');
  for (const prettyId of Object.values(COPYRIGHT_TAGS))
    provider.enrichment.defineTag(CLASSES.copyright, prettyId);
  const module = await provider.compile([
    EnrichmentService,
    EnrichmentSelection,
    ...PLACES_PROVIDERS,
    { provide: JobsService, useValue: jobs },
    { provide: CLOCK, useValue: fixedClock() },
  ]);
  service = module.get(EnrichmentService);
});

/** A refusal: its code, its status (HTTP_STATUS_OF_CODE) where the hub refuses, details, nothing enqueued, nothing changed at the provider. */
async function refused(
  submit: Promise<unknown>,
  expected: { code: string; status?: number; details?: unknown },
): Promise<void> {
  await expect(submit).rejects.toMatchObject(expected);
  expect(jobs.submitted).toEqual([]);
  const changes = [
    'tagMany',
    'metadataMany',
    'addTags',
    'removeTags',
    'setMetadata',
    'removeMetadata',
  ] as const;
  expect(changes.map((c) => provider.count(c))).toEqual(changes.map(() => 0));
}

const inEnrichment = (count = 1) =>
  Array.from({ length: count }, () => contentIn(provider, [FOLDERS.enrichment]));
const from = (contentIds: string[], folder: string = FOLDERS.enrichment) => ({
  contentIds,
  folderId: id(folder),
});

describe('enrich (the wizard’s confirmation)', () => {
  it('a job of the changes for the selection, as the user, every check made with their token', async () => {
    const [a, b] = inEnrichment(2);
    const result = await service.enrich(mario, {
      ...from([a!, b!]),
      tags: { add: [{ id: 'esterni', classificationId: CLASSES.tags }] },
      metadata: [{ key: 'location', value: ' Monza ' }],
    });
    expect(result).toEqual({ jobId: 'job-1' });
    expect(jobs.submitted).toEqual([
      {
        name: JobName.Enrichment,
        actor: 'mario.rossi',
        payload: {
          folderId: id(FOLDERS.enrichment),
          contentIds: [a, b],
          ops: [
            { kind: 'tag', action: 'add', tagId: outdoor, classificationId: CLASSES.tags },
            { kind: 'metadata', action: 'set', key: 'location', value: 'Monza', classificationId: METADATA },
          ],
        },
      },
    ]);
    const lookups = provider.calls.filter((c) =>
      ['contentsByIds', 'tagsByIds', 'metadataDefinitions'].includes(c.call),
    );
    expect(lookups.map((c) => c.args[0])).toEqual(lookups.map(() => mario.providerToken));
  });

  it('a tag named twice is one change', async () => {
    const [a] = inEnrichment();
    const tag = (ref: string) => ({ id: ref, classificationId: CLASSES.tags });
    await service.enrich(mario, { ...from([a!]), tags: { add: [tag('esterni'), tag('esterni')] } });
    expect(jobs.submitted[0]!.payload).toMatchObject({
      ops: [{ kind: 'tag', action: 'add', tagId: outdoor }],
    });
    expect((jobs.submitted[0]!.payload as { ops: unknown[] }).ops).toHaveLength(1);
  });

  it('the same confirmation twice makes the same job: every change is decided before it is enqueued', async () => {
    const [a, b] = inEnrichment(2);
    valueOn(a!, 'location', 'Imola');
    const body = {
      ...from([a!, b!]),
      metadata: [{ key: 'location', value: 'Monza' }],
      overwrite: { metadata: false },
    };
    await service.enrich(mario, body);
    await service.enrich(mario, body);
    expect(jobs.submitted[1]!.payload).toEqual(jobs.submitted[0]!.payload);
    expect(jobs.submitted[0]!.payload).toMatchObject({ ops: [{ key: 'location', contentIds: [b] }] });
  });

  it('with overwrite off, a value nobody lacks is nothing to do (NOTHING_TO_DO)', async () => {
    const [a] = inEnrichment();
    valueOn(a!, 'location', 'Imola');
    await refused(
      service.enrich(mario, {
        ...from([a!]),
        metadata: [{ key: 'location', value: 'Monza' }],
        overwrite: { metadata: false },
      }),
      { code: CODES.NOTHING_TO_DO, status: 400 },
    );
  });

  it('an empty confirmation is nothing to do', async () => {
    await refused(service.enrich(mario, from(inEnrichment())), { code: CODES.NOTHING_TO_DO, status: 400 });
  });

  it('a nation other than the United States clears the state info (SPEC §5)', async () => {
    const [a] = inEnrichment();
    await service.enrich(mario, { ...from([a!]), metadata: [{ key: NATION_KEY, value: 'italy' }] });
    expect(jobs.submitted[0]!.payload).toMatchObject({
      ops: [
        { action: 'set', key: NATION_KEY, value: 'italy' },
        { action: 'remove', key: STATE_KEY },
      ],
    });
  });

  it('VIN and plate pairs normalised; overwriting clears the pairs beyond them', async () => {
    const [a] = inEnrichment();
    await service.enrich(mario, {
      ...from([a!]),
      vinTarga: [{ vin: '1m8gdm9axkp042788', targa: 'ab 123 cd' }],
    });
    const ops = (jobs.submitted[0]!.payload as { ops: { action: string; key: string; value?: string }[] })
      .ops;
    expect(ops.filter((o) => o.action === 'set')).toEqual([
      expect.objectContaining({ key: vinKey(1), value: '1M8GDM9AXKP042788' }),
      expect.objectContaining({ key: plateKey(1), value: 'AB 123 CD' }),
    ]);
    expect(ops.filter((o) => o.action === 'remove').map((o) => o.key)).toEqual(
      VIN_PLATE_KEYS.filter((k) => k !== vinKey(1) && k !== plateKey(1)),
    );
  });

  it('a mandatory definition is given, or already set on every asset (MANDATORY_MISSING)', async () => {
    provider.enrichment.definitions.push(definition('shooting', { mandatory: true }));
    const [a, b] = inEnrichment(2);
    valueOn(a!, 'shooting', 'studio');
    const body = { ...from([a!, b!]), metadata: [{ key: 'location', value: 'Monza' }] };
    await refused(service.enrich(mario, body), {
      code: CODES.MANDATORY_MISSING,
      status: 400,
      details: { field: 'shooting' },
    });
    valueOn(b!, 'shooting', 'outdoor');
    await service.enrich(mario, body);
    expect(jobs.submitted).toHaveLength(1);
  });

  describe('refuses, before anything is enqueued', () => {
    it(`more than ${LIMITS.taggingMaxAssets} assets (TOO_MANY_ASSETS)`, async () => {
      const ids = Array.from({ length: LIMITS.taggingMaxAssets + 1 }, (_, i) => `content-${i}`);
      await refused(service.enrich(mario, from(ids)), { code: CODES.TOO_MANY_ASSETS, status: 400 });
      expect(provider.calls).toEqual([]);
    });

    it('too many VIN and plate pairs, or copyright options', async () => {
      const [a] = inEnrichment();
      const pairs = Array.from({ length: LIMITS.vinPlatePairsMax + 1 }, () => ({ vin: '', targa: 'X' }));
      await refused(service.enrich(mario, { ...from([a!]), vinTarga: pairs }), {
        code: CODES.TOO_MANY_VIN_PAIRS,
        status: 400,
      });
      const options = Array.from({ length: LIMITS.copyrightOptionsMax + 1 }, () => ({
        kind: 'people' as const,
        state: 'assente' as const,
      }));
      await refused(service.enrich(mario, { ...from([a!]), copyright: options }), {
        code: CODES.TOO_MANY_COPYRIGHT_OPTIONS,
        status: 400,
      });
    });

    it('a VIN that is not one, naming its field (VIN_INVALID)', async () => {
      const [a] = inEnrichment();
      await refused(service.enrich(mario, { ...from([a!]), vinTarga: [{ vin: 'NOT-A-VIN', targa: '' }] }), {
        code: CODES.VIN_INVALID,
        status: 400,
        details: { field: vinKey(1) },
      });
    });

    it('copyright notes outside Latin-1 (NOT_LATIN1)', async () => {
      const [a] = inEnrichment();
      await refused(service.enrich(mario, { ...from([a!]), copyrightNotes: 'Ⓒ 2026' }), {
        code: CODES.NOT_LATIN1,
        status: 400,
      });
    });

    it('an asset that is not in the folder (NOT_IN_FOLDER, 409)', async () => {
      const [a] = inEnrichment();
      const elsewhere = contentIn(provider, [FOLDERS.rejected]);
      await refused(
        service.enrich(mario, { ...from([a!, elsewhere]), metadata: [{ key: 'location', value: 'x' }] }),
        {
          code: CODES.NOT_IN_FOLDER,
          status: 409,
          details: { ids: [elsewhere] },
        },
      );
    });

    it('a folder the user cannot see (NOT_FOUND)', async () => {
      const [a] = inEnrichment();
      // The provider's NOT_FOUND, answered 404 by the one status table.
      await refused(
        service.enrich(userOf('foto.studio'), { ...from([a!]), metadata: [{ key: 'location', value: 'x' }] }),
        { code: ERROR_CODES.NOT_FOUND },
      );
    });

    it('an observer (NOT_ALLOWED, SPEC §6)', async () => {
      const [a] = inEnrichment();
      await refused(
        service.enrich(userOf('paola.neri'), { ...from([a!]), metadata: [{ key: 'location', value: 'x' }] }),
        {
          code: CODES.NOT_ALLOWED,
          status: 403,
          details: { ids: [a] },
        },
      );
    });

    it('the department archive itself; its campaign subfolder is allowed', async () => {
      const campaign = campaignFolderPrettyId('marketing');
      const inArchive = contentIn(provider, [FOLDERS.archive]);
      const inCampaign = contentIn(provider, [campaign]);
      const metadata = [{ key: 'location', value: 'x' }];
      await refused(service.enrich(mario, { ...from([inArchive], FOLDERS.archive), metadata }), {
        code: CODES.NOT_ALLOWED,
        status: 403,
      });
      await service.enrich(mario, { ...from([inCampaign], campaign), metadata });
      expect(jobs.submitted).toHaveLength(1);
    });

    it('a tag unknown in its classification (UNKNOWN_TAG)', async () => {
      const [a] = inEnrichment();
      await refused(
        service.enrich(mario, {
          ...from([a!]),
          tags: { add: [{ id: 'esterni', classificationId: CLASSES.copyright }] },
        }),
        { code: CODES.UNKNOWN_TAG, status: 400, details: { field: 'esterni' } },
      );
    });

    it('a reserved workflow tag: the job acts as the service account (NOT_ALLOWED)', async () => {
      provider.enrichment.defineTag(CLASSES.tags, WORKFLOW_TAGS.accepted);
      const [a] = inEnrichment();
      await refused(
        service.enrich(mario, {
          ...from([a!]),
          tags: { remove: [{ id: WORKFLOW_TAGS.accepted, classificationId: CLASSES.tags }] },
        }),
        { code: CODES.NOT_ALLOWED, status: 403, details: { problem: 'reservedTag' } },
      );
    });

    it('an unknown key, or a value its definition refuses', async () => {
      const [a] = inEnrichment();
      await refused(service.enrich(mario, { ...from([a!]), metadata: [{ key: 'colour', value: 'red' }] }), {
        code: CODES.UNKNOWN_METADATA_KEY,
        status: 400,
      });
      await refused(
        service.enrich(mario, { ...from([a!]), metadata: [{ key: NATION_KEY, value: 'atlantis' }] }),
        {
          code: CODES.BAD_METADATA_VALUE,
          status: 400,
          details: { field: NATION_KEY },
        },
      );
    });
  });
});

describe('bulk (the smart bar)', () => {
  it('adds tags and values with their keys', async () => {
    const [a] = inEnrichment();
    await service.bulk(mario, {
      ...from([a!]),
      action: 'add',
      tags: [{ id: 'esterni', classificationId: CLASSES.tags }],
      metadata: [{ key: 'location', value: 'Monza' }],
    });
    expect(jobs.submitted[0]).toMatchObject({
      name: JobName.TagsBulk,
      payload: {
        ops: [
          { kind: 'tag', action: 'add', tagId: outdoor },
          { kind: 'metadata', action: 'set', key: 'location', value: 'Monza' },
        ],
      },
    });
  });

  it('removes a key without a value', async () => {
    const [a] = inEnrichment();
    await service.bulk(mario, { ...from([a!]), action: 'remove', metadata: [{ key: 'location' }] });
    expect(jobs.submitted[0]!.payload).toMatchObject({
      ops: [{ kind: 'metadata', action: 'remove', key: 'location' }],
    });
  });

  it('refuses an add without a value (BAD_METADATA_VALUE)', async () => {
    const [a] = inEnrichment();
    await refused(
      service.bulk(mario, { ...from([a!]), action: 'add', metadata: [{ key: 'location', value: ' ' }] }),
      {
        code: CODES.BAD_METADATA_VALUE,
        status: 400,
        details: { field: 'location', problem: 'valueRequired' },
      },
    );
  });

  it('refuses the removal of an unknown key (UNKNOWN_METADATA_KEY)', async () => {
    const [a] = inEnrichment();
    await refused(service.bulk(mario, { ...from([a!]), action: 'remove', metadata: [{ key: 'colour' }] }), {
      code: CODES.UNKNOWN_METADATA_KEY,
      status: 400,
    });
  });

  it('refuses nothing to change, and an observer', async () => {
    const [a] = inEnrichment();
    await refused(service.bulk(mario, { ...from([a!]), action: 'add' }), {
      code: CODES.NOTHING_TO_DO,
      status: 400,
    });
    await refused(
      service.bulk(userOf('paola.neri'), {
        ...from([a!]),
        action: 'add',
        tags: [{ id: outdoor, classificationId: CLASSES.tags }],
      }),
      { code: CODES.NOT_ALLOWED, status: 403 },
    );
  });
});
