import {
  ENRICHMENT_CLASSIFICATIONS,
  ENRICHMENT_ERROR_CODES,
  ERROR_CODES,
  FOLDER_CODES,
  INTERNAL_SHARE_ERROR_CODES,
  SHARE_ERROR_CODES,
  WORKFLOW_ERROR_CODES,
} from '@paddock/rules';
import { providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { finished } from '../workflow/workflow-fixtures';
import { hubMatrix } from './hub-matrix-fixtures';
import { marketing } from './security-fixtures';

jest.setTimeout(120_000);

const WORK = marketing(FOLDER_CODES.supplierWork);
const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const INTERNAL = marketing(FOLDER_CODES.internalShared);
const TAG = 'tag-job-rights';
const jobOf = (answer: { body: unknown }) => (answer.body as { jobId: string }).jobId;

/**
 * issue 21, point 1: the hub's jobs act as its service account, so every submit asks, besides SPEC
 * §6 in the folder acted from, the user's own provider right on each content (PostgreSQL, Redis,
 * the built-in provider and the demo organisation; nothing faked).
 */
describe('jobs act only within the user’s own rights', () => {
  const hub = hubMatrix(['foto.studio', 'marco.multi']);
  const { folder, send, unchanged } = hub;

  beforeAll(async () => {
    await providerDb(hub.t).tagDefinition.create({
      data: {
        prettyId: TAG,
        classificationId: ENRICHMENT_CLASSIFICATIONS.tags,
        names: [{ lang: 'EN', label: 'Job rights', description: '' }],
      },
    });
  });

  /** A delivery of foto.studio still linked to its work folder (the supplier's record) and `also`. */
  const delivery = (name: string, also: string[]) =>
    insertContent(hub.t, {
      name,
      folders: [folder(WORK), ...also.map(folder)],
      owner: 'foto.studio',
    });

  describe('a supplier and the delivery it sent, now in the department archive', () => {
    const CALLS: [string, string, (id: string) => unknown, readonly [number, string]][] = [
      [
        'delete to the junk',
        '/api/workflow/delete',
        (id) => ({ contentIds: [id], folderId: folder(WORK) }),
        [403, WORKFLOW_ERROR_CODES.ACTION_NOT_ALLOWED],
      ],
      [
        'bulk tag',
        '/api/tags/bulk',
        (id) => ({
          contentIds: [id],
          folderId: folder(WORK),
          action: 'add',
          tags: [{ classificationId: ENRICHMENT_CLASSIFICATIONS.tags, id: TAG }],
        }),
        [403, ENRICHMENT_ERROR_CODES.NOT_ALLOWED],
      ],
      [
        'enrich with an embargo',
        '/api/enrichment',
        (id) => ({
          contentIds: [id],
          folderId: folder(WORK),
          copyrightNotes: 'Riservato',
          metadata: [{ key: 'embargo', value: '2030-01-01' }],
        }),
        [403, ENRICHMENT_ERROR_CODES.NOT_ALLOWED],
      ],
    ];

    it.each(CALLS)(
      '%s: refused, and the delivery stays where it was, untagged',
      async (_name, path, body, refusal) => {
        const archived = await delivery(`Archiviata ${path}`, [ARCHIVE]);
        const answer = await unchanged(() => send('foto.studio', 'POST', path, body(archived)));
        expect([answer.status, answer.body.code]).toEqual(refusal);
        const links = await providerDb(hub.t).contentCategory.findMany({ where: { contentId: archived } });
        expect(links.map((l) => l.categoryId).sort()).toEqual([folder(WORK), folder(ARCHIVE)].sort());
      },
    );

    it('may not save a draft on it nor rename it', async () => {
      const archived = await delivery('Archiviata, bozza', [ARCHIVE]);
      const draft = await unchanged(() =>
        send('foto.studio', 'PUT', '/api/enrichment/draft', {
          contentIds: [archived],
          folderId: folder(WORK),
          state: { step: 'product' },
        }),
      );
      expect([draft.status, draft.body.code]).toEqual([403, ENRICHMENT_ERROR_CODES.NOT_ALLOWED]);
      const renamed = await unchanged(() =>
        send('foto.studio', 'PATCH', `/api/assets/${archived}?folderId=${folder(WORK)}`, { name: 'Mia' }),
      );
      expect([renamed.status, renamed.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
    });

    it('its detail offers no action on it', async () => {
      const archived = await delivery('Archiviata, dettaglio', [ARCHIVE]);
      const detail = await send('foto.studio', 'GET', `/api/assets/${archived}?folderId=${folder(WORK)}`);
      expect(detail.status).toBe(200);
      const { actions } = detail.body as { actions: Record<string, boolean> };
      expect(Object.keys(actions).filter((a) => actions[a])).toEqual([]);
    });

    it('still deletes and tags a delivery that is only in its work folder', async () => {
      const own = await delivery('Solo mia', []);
      const tagged = await send('foto.studio', 'POST', '/api/tags/bulk', {
        contentIds: [own],
        folderId: folder(WORK),
        action: 'add',
        tags: [{ classificationId: ENRICHMENT_CLASSIFICATIONS.tags, id: TAG }],
      });
      expect(tagged.status).toBe(202);
      expect((await finished(hub.t, hub.session('foto.studio'), jobOf(tagged))).state).toBe('completed');
      const deleted = await send('foto.studio', 'POST', '/api/workflow/delete', {
        contentIds: [await delivery('Solo mia, da togliere', [])],
        folderId: folder(WORK),
      });
      expect(deleted.status).toBe(202);
      expect((await finished(hub.t, hub.session('foto.studio'), jobOf(deleted))).state).toBe('completed');
    });
  });

  describe('a multi-department user (default department HERITAGE) in MARKETING: one rule for every action', () => {
    it('shares, publishes and tags nothing there, as tagging already refused', async () => {
      const asset = await hub.contentIn(ARCHIVE, 'Di Marketing');
      const answers = {
        externalShare: await unchanged(() =>
          send('marco.multi', 'POST', '/api/external-shares', {
            type: 'link',
            name: 'Da Heritage',
            contentIds: [asset],
            folderId: folder(ARCHIVE),
            password: 'Press-Kit-2026#Spider',
            contentDownload: true,
            language: 'it',
          }),
        ),
        internalShare: await unchanged(() =>
          send('marco.multi', 'POST', '/api/shares', {
            contentIds: [asset],
            folderId: folder(ARCHIVE),
            targetFolderIds: [folder(INTERNAL)],
          }),
        ),
        publish: await unchanged(() =>
          send('marco.multi', 'POST', `/api/folders/${folder(ARCHIVE)}/publish`),
        ),
        tag: await unchanged(() =>
          send('marco.multi', 'POST', '/api/tags/bulk', {
            contentIds: [asset],
            folderId: folder(ARCHIVE),
            action: 'add',
            tags: [{ classificationId: ENRICHMENT_CLASSIFICATIONS.tags, id: TAG }],
          }),
        ),
      };
      expect(
        Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, [a.status, a.body.code]])),
      ).toEqual({
        externalShare: [403, SHARE_ERROR_CODES.NOT_ALLOWED],
        internalShare: [403, SHARE_ERROR_CODES.NOT_ALLOWED],
        publish: [403, INTERNAL_SHARE_ERROR_CODES.PUBLISH_NOT_ALLOWED],
        tag: [403, ENRICHMENT_ERROR_CODES.NOT_ALLOWED],
      });
      // Looking and downloading stay.
      expect(
        (await send('marco.multi', 'GET', `/api/assets/${asset}?folderId=${folder(ARCHIVE)}`)).status,
      ).toBe(200);
    });
  });
});
