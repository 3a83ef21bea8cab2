import {
  ASSET_ERROR_CODES,
  ENRICHMENT_CLASSIFICATIONS,
  ENRICHMENT_ERROR_CODES,
  ERROR_CODES,
  FOLDER_CODES,
  SHARE_ERROR_CODES,
  UPLOAD_METADATA_KEYS,
  WORKFLOW_ERROR_CODES,
  approvalStepCode,
} from '@paddock/rules';
import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { groupIdOf } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { DEMO_PASSWORD } from '../../src/config/config.schema';
import { campaignFolderPrettyId } from '../../src/seed/demo-data';
import { readinessEvents } from '../search/asset-events';
import { call, headersOf, providerDb, signIn } from '../auth/auth-fixtures';
import { tusUpload } from '../support/tus-client';
import { finished } from '../workflow/workflow-fixtures';
import { hubMatrix } from './hub-matrix-fixtures';
import { FOREIGN, TOO_LONG, UNKNOWN_UUID, marketing } from './security-fixtures';
import { JobsService } from '../../src/jobs/jobs.service';
import { JobName } from '../../src/jobs/job-catalogue';

jest.setTimeout(120_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const REJECTED = marketing(FOLDER_CODES.rejected);
/** A subfolder of the department archive: SPEC §6 tags there, not on the archive itself. */
const CAMPAIGN = campaignFolderPrettyId('MARKETING');
const JUNK = marketing(FOLDER_CODES.junk);
const STEP1 = marketing(approvalStepCode(1));
/** A top folder of no department that MARKETING staff write and manage: a shared archive. */
const SHARED = 'brand-shared';
/** A free tag anyone may put on what they may tag. */
const FREE_TAG = 'tag-attack';

/**
 * issue 11, point 2: the attacks on SPEC §6 made through the hub's own API with demo accounts,
 * each refused with its code and leaving the provider's database as it was (PostgreSQL, Redis,
 * built-in provider, demo organisation). Every refused write is one the provider's ACL allows.
 */
describe('hub SPEC §6 attacks', () => {
  // giulia.basic is not among them: the disclaimer test signs her in before she accepts it.
  const hub = hubMatrix([
    'mario.rossi',
    'anna.bianchi',
    'paola.neri',
    'sara.branch',
    'admin',
    'foto.studio',
    FOREIGN.user,
  ]);
  const { folder, session, send, contentIn, unchanged } = hub;

  /** A tus creation: refused ones answer the hub's error body. */
  async function tusCreate(username: string, metadata: Record<string, string>) {
    const outcome = await tusUpload(hub.t, session(username), Buffer.from('not really a photo'), {
      [UPLOAD_METADATA_KEYS.filename]: 'attack.jpg',
      [UPLOAD_METADATA_KEYS.filetype]: 'image/jpeg',
      ...metadata,
    });
    const text = await outcome.create.text();
    return { status: outcome.create.status, code: (JSON.parse(text) as { code?: string }).code };
  }

  beforeAll(async () => {
    const rights = { write: true, manage: true, share: true };
    const ids = await new FolderSeeder(providerDb(hub.t)).upsertFolders([
      {
        prettyId: SHARED,
        parent: null,
        names: { IT: 'Condiviso', EN: 'Shared' },
        acl: new Map([
          [groupIdOf('L/MARKETING'), rights],
          [groupIdOf('PADDOCK.WORKFLOW'), rights],
        ]),
      },
    ]);
    hub.world.folders.set(SHARED, ids.get(SHARED)!);
    await providerDb(hub.t).tagDefinition.create({
      data: {
        prettyId: FREE_TAG,
        classificationId: ENRICHMENT_CLASSIFICATIONS.tags,
        names: [{ lang: 'EN', label: 'Attack', description: '' }],
      },
    });
  });

  describe('the disclaimer comes first', () => {
    it('refuses every API but the disclaimer gate’s until the current disclaimer is accepted', async () => {
      const fresh = await signIn(hub.t, 'giulia.basic', DEMO_PASSWORD, '198.51.100.250');
      const asFresh = (method: string, path: string, json?: unknown) =>
        call<{ code?: string; disclaimerAcceptance?: boolean; id?: string }>(hub.t, method, path, {
          json,
          headers: headersOf(fresh),
        });
      const archived = await contentIn(ARCHIVE, 'Prima del disclaimer');

      for (const [method, path] of [
        ['GET', '/api/folders/tree'],
        ['GET', `/api/assets/${archived}`],
        ['GET', `/api/assets/${archived}/original`],
        ['GET', '/api/profile/user-preferences'],
        ['GET', '/api/jobs'],
      ] as const) {
        const answer = await asFresh(method, path);
        expect([path, answer.status, answer.body.code]).toEqual([
          path,
          403,
          ERROR_CODES.DISCLAIMER_NOT_ACCEPTED,
        ]);
      }
      const rename = await unchanged(() =>
        asFresh('PATCH', `/api/assets/${archived}`, { name: 'Rinominato prima' }),
      );
      expect([rename.status, rename.body.code]).toEqual([403, ERROR_CODES.DISCLAIMER_NOT_ACCEPTED]);

      // What the web's gate calls answers: the session, the check, the text, the acceptance.
      expect((await asFresh('GET', '/api/session')).status).toBe(200);
      expect((await asFresh('GET', '/api/profile/check-disclaimer')).body).toEqual({
        disclaimerAcceptance: false,
      });
      const disclaimer = await asFresh('GET', '/api/profile/get-disclaimer');
      expect(disclaimer.status).toBe(200);
      const accepted = await asFresh(
        'POST',
        `/api/profile/save-disclaimer-acceptance/${disclaimer.body.id!}`,
        { accepted: true },
      );
      expect(accepted.status).toBe(200);
      expect((await asFresh('GET', '/api/folders/tree')).status).toBe(200);
    });
  });

  describe('an observer (paola.neri: L/MARKETING and OBS.MARKETING) only observes', () => {
    let asset: string;
    beforeAll(async () => {
      asset = await contentIn(ARCHIVE, 'Osservato');
    });

    it('cannot rename, though her department group writes the folder', async () => {
      const answer = await unchanged(() =>
        send('paola.neri', 'PATCH', `/api/assets/${asset}?folderId=${folder(ARCHIVE)}`, {
          name: 'Rinominato',
        }),
      );
      expect([answer.status, answer.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
    });

    it('cannot upload a new version', async () => {
      const answer = await unchanged(() =>
        tusCreate('paola.neri', {
          [UPLOAD_METADATA_KEYS.contentId]: asset,
          [UPLOAD_METADATA_KEYS.folderId]: folder(ARCHIVE),
        }),
      );
      expect(answer).toEqual({ status: 403, code: ERROR_CODES.FORBIDDEN });
    });

    it('cannot upload a new asset', async () => {
      const answer = await unchanged(() =>
        tusCreate('paola.neri', { [UPLOAD_METADATA_KEYS.folderId]: folder(ARCHIVE) }),
      );
      expect(answer).toEqual({ status: 403, code: ASSET_ERROR_CODES.UPLOAD_FORBIDDEN });
    });

    it('cannot create, rename or delete folders, though her department group manages the archive', async () => {
      const created = await unchanged(() =>
        send('paola.neri', 'POST', '/api/folders', { parentId: folder(ARCHIVE), name: 'Campagna' }),
      );
      expect([created.status, created.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
      const sub = await send('mario.rossi', 'POST', '/api/folders', {
        parentId: folder(ARCHIVE),
        name: 'Di Mario',
      });
      expect(sub.status).toBe(201);
      const subId = (sub.body as { id: string }).id;
      const renamed = await unchanged(() =>
        send('paola.neri', 'PATCH', `/api/folders/${subId}`, { name: 'Rinominata' }),
      );
      expect([renamed.status, renamed.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
      const deleted = await unchanged(() => send('paola.neri', 'DELETE', `/api/folders/${subId}`));
      expect([deleted.status, deleted.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
    });

    it('cannot delete to the junk', async () => {
      const answer = await unchanged(() =>
        send('paola.neri', 'POST', '/api/workflow/delete', {
          folderId: folder(ARCHIVE),
          contentIds: [asset],
        }),
      );
      expect([answer.status, answer.body.code]).toEqual([403, WORKFLOW_ERROR_CODES.ACTION_NOT_ALLOWED]);
    });
  });

  describe('uploads per view (SPEC §6 read-only rows)', () => {
    it.each([
      ['anna.bianchi', 'an approval step she writes', STEP1],
      ['mario.rossi', 'the rejected folder he writes', REJECTED],
      // Staff do not even see the junk at the provider (the junk-rights spec); an admin writes it.
      ['admin', 'the junk he writes', JUNK],
    ])('refuses %s an upload into %s', async (user, _where, prettyId) => {
      const answer = await unchanged(() =>
        tusCreate(user, { [UPLOAD_METADATA_KEYS.folderId]: folder(prettyId) }),
      );
      expect(answer).toEqual({ status: 403, code: ASSET_ERROR_CODES.UPLOAD_FORBIDDEN });
    });
  });

  it('refuses a new version where SPEC §6 "Update file" does not allow it (a department archive)', async () => {
    const asset = await contentIn(ARCHIVE, 'Approvato');
    for (const folderId of [folder(ARCHIVE), undefined]) {
      const answer = await unchanged(() =>
        tusCreate('mario.rossi', {
          [UPLOAD_METADATA_KEYS.contentId]: asset,
          ...(folderId ? { [UPLOAD_METADATA_KEYS.folderId]: folderId } : {}),
        }),
      );
      expect(answer).toEqual({ status: 403, code: ERROR_CODES.FORBIDDEN });
    }
  });

  it('refuses folder actions in the junk to an admin, who manages it at the provider', async () => {
    const created = await unchanged(() =>
      send('admin', 'POST', '/api/folders', { parentId: folder(JUNK), name: 'Nel cestino' }),
    );
    expect([created.status, created.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
    const renamed = await unchanged(() =>
      send('admin', 'PATCH', `/api/folders/${folder(JUNK)}`, { name: 'Altro' }),
    );
    expect([renamed.status, renamed.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
  });

  it('refuses the original of an asset at an approval step (SPEC §6 "Download"), with or without the folder', async () => {
    const waiting = await contentIn(STEP1, 'In approvazione');
    for (const query of [`?folderId=${folder(STEP1)}`, '']) {
      const res = await send('anna.bianchi', 'GET', `/api/assets/${waiting}/original${query}`);
      expect([res.status, res.body.code]).toEqual([403, ERROR_CODES.DOWNLOAD_NOT_ALLOWED]);
    }
  });

  it('refuses an approver a text search inside a depth-3 folder, and not a user', async () => {
    const query = `folderId=${folder(STEP1)}&q=cofano`;
    for (const path of [`/api/assets?${query}`, `/api/assets/total?${query}`]) {
      const answer = await send('anna.bianchi', 'GET', path);
      expect([answer.status, answer.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
      expect((await send('mario.rossi', 'GET', path)).status).toBe(200);
    }
  });

  it('refuses a branch-sharing user a move out of a folder of no department, which a user may make', async () => {
    const [hers, his] = [await contentIn(SHARED, 'Di tutti'), await contentIn(SHARED, 'Di tutti 2')];
    const move = (user: string, content: string) =>
      send(user, 'POST', '/api/workflow/move', {
        folderId: folder(SHARED),
        contentIds: [content],
        toFolderId: folder(ARCHIVE),
      });
    const refused = await unchanged(() => move('sara.branch', hers));
    expect([refused.status, refused.body.code]).toEqual([403, WORKFLOW_ERROR_CODES.ACTION_NOT_ALLOWED]);
    expect((await move('mario.rossi', his)).status).toBe(202);
  });

  describe('sharing and tagging by role (SPEC §6 "Share and external share", "Tagging")', () => {
    /** What each call sends for one asset in one folder. */
    const CALLS = {
      'external share': (folderId: string, contentId: string) =>
        [
          '/api/external-shares',
          {
            type: 'link',
            name: 'Attacco',
            contentIds: [contentId],
            folderId,
            password: 'Press-Kit-2026#Spider',
            contentDownload: true,
            language: 'it',
          },
        ] as const,
      enrichment: (folderId: string, contentId: string) =>
        ['/api/enrichment', { folderId, contentIds: [contentId], copyrightNotes: 'Nota' }] as const,
      'bulk tags': (folderId: string, contentId: string) =>
        [
          '/api/tags/bulk',
          {
            folderId,
            contentIds: [contentId],
            action: 'add',
            tags: [{ classificationId: ENRICHMENT_CLASSIFICATIONS.tags, id: FREE_TAG }],
          },
        ] as const,
      // The wizard's draft is kept only where the user may tag.
      draft: (folderId: string, contentId: string) =>
        ['/api/enrichment/draft', { folderId, contentIds: [contentId], state: { step: 'product' } }] as const,
    };
    const REFUSED = {
      'external share': SHARE_ERROR_CODES.NOT_ALLOWED,
      enrichment: ENRICHMENT_ERROR_CODES.NOT_ALLOWED,
      'bulk tags': ENRICHMENT_ERROR_CODES.NOT_ALLOWED,
      draft: ENRICHMENT_ERROR_CODES.NOT_ALLOWED,
    };
    /** The calls that are no job: their method and the status of a save. */
    const SAVES: Partial<Record<keyof typeof CALLS, { method: string; status: number }>> = {
      draft: { method: 'PUT', status: 204 },
    };
    const ALLOWED = 202;
    const HIDDEN = [404, ERROR_CODES.NOT_FOUND] as const;
    type Call = keyof typeof CALLS;
    type Expected = typeof ALLOWED | 'refused' | typeof HIDDEN;

    // user, place, then the answer to: external share, enrichment, bulk tags, the wizard's draft.
    const MATRIX: [string, string, Expected, Expected, Expected, Expected][] = [
      // SPEC §6 "Tagging: … department archive subfolders": not on the archive itself.
      ['mario.rossi', ARCHIVE, ALLOWED, 'refused', 'refused', 'refused'],
      ['mario.rossi', CAMPAIGN, ALLOWED, ALLOWED, ALLOWED, ALLOWED],
      ['sara.branch', CAMPAIGN, ALLOWED, ALLOWED, ALLOWED, ALLOWED],
      // Branch-sharing users tag only in their own department's places.
      ['sara.branch', SHARED, ALLOWED, 'refused', 'refused', 'refused'],
      ['paola.neri', ARCHIVE, 'refused', 'refused', 'refused', 'refused'],
      // Shared from the rejected folder: SPEC §6 shares only from the archives view.
      ['mario.rossi', REJECTED, 'refused', ALLOWED, ALLOWED, ALLOWED],
      ['anna.bianchi', STEP1, 'refused', 'refused', 'refused', 'refused'],
      ['foto.studio', ARCHIVE, HIDDEN, HIDDEN, HIDDEN, HIDDEN],
      [FOREIGN.user, ARCHIVE, HIDDEN, HIDDEN, HIDDEN, HIDDEN],
    ];

    it.each(MATRIX)(
      '%s in %s: share %p, enrich %p, bulk tags %p, draft %p',
      async (user, place, ...answers) => {
        const calls = Object.keys(CALLS) as Call[];
        for (const [i, name] of calls.entries()) {
          const expected = answers[i];
          const content = await contentIn(place, `${name} di ${user}`);
          const [path, body] = CALLS[name](folder(place), content);
          const save = SAVES[name];
          const method = save?.method ?? 'POST';
          if (expected === ALLOWED && save) {
            expect([name, (await send(user, method, path, body)).status]).toEqual([name, save.status]);
            continue;
          }
          if (expected === ALLOWED) {
            const answer = await send(user, method, path, body);
            expect([name, answer.status]).toEqual([name, ALLOWED]);
            // Done before the next attack, whose check of the provider it would otherwise change.
            const { jobId } = answer.body as { jobId: string };
            expect((await finished(hub.t, session(user), jobId)).state).toBe('completed');
            continue;
          }
          const answer = await unchanged(() => send(user, method, path, body));
          const want = expected === 'refused' ? [403, REFUSED[name]] : [...expected];
          expect([name, answer.status, answer.body.code]).toEqual([name, ...want]);
        }
      },
    );
  });

  /**
   * The routes whose code changed since 56f927b (folder delete, the asset search and its total, a
   * job with its story's language and its events): another department's folder or job, unknown
   * ids and malformed input, each with its code (the role refusals are above and in their suites).
   */
  describe("another department's things, unknown ids and malformed input", () => {
    let foreignJob: string;
    beforeAll(async () => {
      ({ jobId: foreignJob } = await hub.t.app
        .get(JobsService)
        .submit(JobName.PurgeExpiredSessions, {}, FOREIGN.user));
    });
    const HIDDEN = [404, ERROR_CODES.NOT_FOUND];
    const INVALID = [400, ERROR_CODES.VALIDATION_FAILED];

    it.each<[string, string, string, (number | string)[]]>([
      ["deleting another department's empty folder", 'DELETE', '/api/folders/{foreignEmpty}', HIDDEN],
      ['deleting an unknown folder', 'DELETE', `/api/folders/${UNKNOWN_UUID}`, HIDDEN],
      ['deleting a malformed folder id', 'DELETE', `/api/folders/${TOO_LONG}`, INVALID],
      ['listing a malformed folder id', 'GET', `/api/assets?folderId=${TOO_LONG}`, INVALID],
      ['counting a malformed folder id', 'GET', `/api/assets/total?folderId=${TOO_LONG}`, INVALID],
      ["reading another department's user's job", 'GET', '/api/jobs/{job}', [403, ERROR_CODES.FORBIDDEN]],
      [
        "following another department's user's job",
        'GET',
        '/api/jobs/{job}/events',
        [403, ERROR_CODES.FORBIDDEN],
      ],
      ['reading an unknown job', 'GET', `/api/jobs/${UNKNOWN_UUID}?lang=en`, HIDDEN],
      ["a job's story in a language the hub does not speak", 'GET', '/api/jobs/{job}?lang=de', INVALID],
      ['following a malformed job id', 'GET', '/api/jobs/not%20an%20id/events', INVALID],
    ])('refuses mario %s', async (_case, method, template, expected) => {
      const path = template
        .replace('{foreignEmpty}', folder(FOREIGN.empty))
        .replace('{foreign}', folder(FOREIGN.archive))
        .replace('{job}', foreignJob);
      const answer = await unchanged(() => send('mario.rossi', method, path));
      expect([answer.status, answer.body.code]).toEqual(expected);
    });
  });

  it("lists and counts nothing in another department's archive, exactly as in an unknown folder", async () => {
    // A listing is a search with a folder filter: a folder the user cannot see matches nothing
    // (the provider intersects it with the folders the user sees), answered like one that does not
    // exist, so the answer tells neither what is in it nor that it exists.
    const answers = [];
    for (const folderId of [folder(FOREIGN.archive), UNKNOWN_UUID])
      answers.push([
        (await send('mario.rossi', 'GET', `/api/assets?folderId=${folderId}&subfolders=true`)).body,
        (await send('mario.rossi', 'GET', `/api/assets/total?folderId=${folderId}&subfolders=true`)).body,
      ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([
      expect.objectContaining({ items: [] }),
      { totalResults: 0, totalIsCapped: false },
    ]);
  });

  it('never tells a user of another department, or a supplier, when its assets are ready (SSE)', async () => {
    const waiting = await contentIn(ARCHIVE, 'In lavorazione');
    await providerDb(hub.t).content.update({ where: { id: waiting }, data: { state: 'READY' } });
    for (const user of [FOREIGN.user, 'foto.studio'])
      expect([user, await readinessEvents(hub.t, session(user), [waiting])]).toEqual([
        user,
        [{ ready: [], pending: 0 }],
      ]);
    expect(await readinessEvents(hub.t, session('mario.rossi'), [waiting])).toEqual([
      { ready: [{ contentId: waiting, state: 'READY' }], pending: 0 },
    ]);
  });
});
