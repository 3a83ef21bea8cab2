import { WORKFLOW_METADATA, WORKFLOW_TAGS } from '@paddock/rules';
import { HttpContentsGateway } from '../../src/provider/contents.gateway';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import { providerFailure } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import { CLASSIFICATION, seedTaggingWorld, taggingGateway } from './tagging-fixtures';

const COUNT = 120;

/** The hub's tagging gateway against the built-in provider's itag / imetadata endpoints over HTTP. */
describe('HttpTaggingGateway against the built-in provider', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seedTaggingWorld>>;
  let tagging: ReturnType<typeof taggingGateway>;

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedTaggingWorld(t, COUNT);
    tagging = taggingGateway(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    tagging.sent.length = 0;
  });

  const tagged = (tagId: string) => world.prisma.contentTag.count({ where: { tagId } });
  const metadataOf = (contentId: string) =>
    world.prisma.contentMetadata.findMany({
      where: { contentId },
      select: { key: true, value: true, valueNum: true, lang: true },
      orderBy: { key: 'asc' },
    });

  it('tags 120 contents by prettyId in 3 calls of at most 50, and again without harm', async () => {
    const { gateway, sent } = tagging;
    await gateway.addTags(world.tokens.editor, world.contentIds, [WORKFLOW_TAGS.accepted], CLASSIFICATION);
    expect(sent.map((s) => (s.data as { value: { targets: unknown[] } }).value.targets.length)).toEqual([
      50, 50, 20,
    ]);
    expect(sent[0].url).toBe(
      `/xintelligence/resources/itag/bulkInsertMultiTargets/${t.config.CLIENT_ID}/ggdyqo`,
    );
    expect(await tagged(world.acceptedId)).toBe(COUNT);

    await gateway.addTags(world.tokens.editor, world.contentIds, [WORKFLOW_TAGS.accepted], CLASSIFICATION);
    expect(await tagged(world.acceptedId)).toBe(COUNT);
  });

  it('removes a tag from every content, and removing it again is fine', async () => {
    const { gateway } = tagging;
    await gateway.addTags(world.tokens.editor, world.contentIds, [WORKFLOW_TAGS.accepted], CLASSIFICATION);
    await gateway.removeTags(world.tokens.editor, world.contentIds, [WORKFLOW_TAGS.accepted], CLASSIFICATION);
    expect(await tagged(world.acceptedId)).toBe(0);
    await gateway.removeTags(world.tokens.editor, world.contentIds, [WORKFLOW_TAGS.accepted], CLASSIFICATION);
    expect(await tagged(world.acceptedId)).toBe(0);
  });

  it('sets metadata by key (a new value replaces the old one), keeps numbers searchable, and removes keys', async () => {
    const { gateway } = tagging;
    const id = world.contentIds[0];
    await gateway.setMetadata(
      world.tokens.editor,
      id,
      [
        { key: WORKFLOW_METADATA.note, value: 'Too dark' },
        { key: WORKFLOW_METADATA.deletedAt, value: '1767225600' },
      ],
      CLASSIFICATION,
    );
    await gateway.setMetadata(
      world.tokens.editor,
      id,
      [{ key: WORKFLOW_METADATA.note, value: 'Crop the logo' }],
      CLASSIFICATION,
    );
    expect(await metadataOf(id)).toEqual([
      { key: 'content_note', value: 'Crop the logo', valueNum: null, lang: null },
      { key: 'dataeliminazione', value: '1767225600', valueNum: 1767225600, lang: null },
    ]);

    await gateway.removeMetadata(
      world.tokens.editor,
      id,
      [WORKFLOW_METADATA.note, WORKFLOW_METADATA.canvas],
      CLASSIFICATION,
    );
    expect((await metadataOf(id)).map((m) => m.key)).toEqual(['dataeliminazione']);
    await gateway.removeMetadata(world.tokens.editor, id, [WORKFLOW_METADATA.note], CLASSIFICATION);
    expect((await metadataOf(id)).map((m) => m.key)).toEqual(['dataeliminazione']);
  });

  it('two overlapping writes of one key (a job run twice at once, each marking deleted) leave one value', async () => {
    const { gateway } = tagging;
    const ids = world.contentIds.slice(0, 40);
    const markDeleted = (id: string, at: string) =>
      gateway.setMetadata(
        world.tokens.editor,
        id,
        [{ key: WORKFLOW_METADATA.deletedAt, value: at }],
        CLASSIFICATION,
      );
    await Promise.all(ids.flatMap((id) => [markDeleted(id, '1767225600'), markDeleted(id, '1767225601')]));
    const dates = await world.prisma.contentMetadata.groupBy({
      by: ['contentId'],
      where: { contentId: { in: ids }, key: WORKFLOW_METADATA.deletedAt },
      _count: true,
    });
    expect(dates.filter((d) => d._count !== 1)).toEqual([]);
    expect(dates).toHaveLength(ids.length);
  });

  it('refuses a user without write on the contents with the E-code of each call, changing nothing', async () => {
    const { gateway } = tagging;
    const [id] = world.contentIds;
    const reader = world.tokens.reader;
    expect(
      (await providerFailure(gateway.addTags(reader, [id], [WORKFLOW_TAGS.refused], CLASSIFICATION))).code,
    ).toBe('E032');
    expect(
      (await providerFailure(gateway.removeTags(reader, [id], [WORKFLOW_TAGS.refused], CLASSIFICATION))).code,
    ).toBe('E035');
    expect(
      (
        await providerFailure(
          gateway.setMetadata(reader, id, [{ key: 'rejected_by', value: 'x' }], CLASSIFICATION),
        )
      ).code,
    ).toBe('E038');
    expect(
      (await providerFailure(gateway.removeMetadata(reader, id, ['dataeliminazione'], CLASSIFICATION))).code,
    ).toBe('E045');
    expect(
      await world.prisma.contentTag.count({ where: { contentId: id, tag: { prettyId: 'wf-refused' } } }),
    ).toBe(0);
    expect(await world.prisma.contentMetadata.count({ where: { contentId: id, key: 'rejected_by' } })).toBe(
      0,
    );
  });

  it('refuses an unknown tag, a tag of another classification and an unknown content', async () => {
    const { gateway } = tagging;
    const editor = world.tokens.editor;
    const [id] = world.contentIds;
    expect(
      (await providerFailure(gateway.addTags(editor, [id], ['no-such-tag'], CLASSIFICATION))).detail,
    ).toMatchObject({ resultCode: 'ITAG_NOT_FOUND' });
    expect(
      (await providerFailure(gateway.addTags(editor, [id], ['other-class'], CLASSIFICATION))).detail,
    ).toMatchObject({ resultCode: 'CLASSIFICATION_NOT_FOUND' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await providerFailure(gateway.addTags(editor, [unknown], [WORKFLOW_TAGS.refused], CLASSIFICATION)))
        .code,
    ).toBe('E032');
    expect(
      (
        await providerFailure(
          gateway.setMetadata(editor, unknown, [{ key: 'k', value: 'v' }], CLASSIFICATION),
        )
      ).code,
    ).toBe('E038');
  });

  it('answers UNAUTHENTICATED for an expired token (the service session re-logs in on it)', async () => {
    const error = await providerFailure(
      tagging.gateway.addTags(
        'not-a-live-token',
        world.contentIds.slice(0, 1),
        [WORKFLOW_TAGS.accepted],
        CLASSIFICATION,
      ),
    );
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses more than 50 targets or a missing tag id as invalid input', async () => {
    const http = createProviderHttp(t.config.providerUrl);
    const url = `/xintelligence/resources/itag/bulkInsertMultiTargets/${t.config.CLIENT_ID}/ggdyqo`;
    const targets = world.contentIds.slice(0, 51).map((id) => ({ id, entityType: 'CONTENT' }));
    const many = await http.post(
      url,
      { value: { tagId: { id: 'wf-accepted' }, targets } },
      {
        headers: { 'X-TOKENID': world.tokens.editor },
      },
    );
    expect(many.status).toBe(400);
    const noTag = await http.post(
      url,
      { value: { targets: targets.slice(0, 1) } },
      {
        headers: { 'X-TOKENID': world.tokens.editor },
      },
    );
    expect(noTag.status).toBe(400);
    expect(await tagged(world.acceptedId)).toBe(0);
  });

  it('shows the tags (with prettyId) and metadata in the content detail afterwards', async () => {
    const { gateway } = tagging;
    const id = world.contentIds[1];
    await gateway.addTags(world.tokens.editor, [id], [WORKFLOW_TAGS.refused], CLASSIFICATION);
    await gateway.setMetadata(
      world.tokens.editor,
      id,
      [
        { key: WORKFLOW_METADATA.note, value: 'Wrong angle' },
        { key: WORKFLOW_METADATA.rejectedBy, value: 'luca.conti' },
      ],
      CLASSIFICATION,
    );
    const contents = new HttpContentsGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    const [detail] = await contents.contentsByIds(world.tokens.reader, [id]);
    expect(detail.itags).toEqual([
      {
        id: expect.any(String),
        classificationId: 'ggdyqo',
        prettyId: 'wf-refused',
        names: [{ lang: 'EN', label: 'Refused' }],
      },
    ]);
    expect(detail.imetadata).toEqual(
      expect.arrayContaining([
        { classificationId: 'ggdyqo', key: 'content_note', value: 'Wrong angle', lang: null },
        { classificationId: 'ggdyqo', key: 'rejected_by', value: 'luca.conti', lang: null },
      ]),
    );
  });
});
