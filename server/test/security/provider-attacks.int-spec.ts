import {
  FIXED_FOLDER_IDS,
  FOLDER_CODES,
  WORKFLOW_METADATA,
  WORKFLOW_TAGS,
  approvalStepCode,
} from '@paddock/rules';
import { insertContent } from '../search/search-fixtures';
import { providerDb } from '../auth/auth-fixtures';
import {
  DEMO_ROLES,
  FOREIGN,
  MATRIX_USERS,
  incomingFile,
  marketing,
  provider,
  securitySuite,
} from './security-fixtures';

jest.setTimeout(120_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const SUPPLIER_WORK = marketing(FOLDER_CODES.supplierWork);
const STEP1 = marketing(approvalStepCode(1));
const APPROVAL = marketing(FOLDER_CODES.approval);
const CLASSIFICATION = WORKFLOW_TAGS.classification;

/**
 * issue 11, point 1: the attacks made through the built-in provider with demo accounts' own
 * provider tokens, each refused with THRON's shape and leaving the database as it was.
 */
describe('built-in provider attacks (PostgreSQL + Redis, demo organisation)', () => {
  const suite = securitySuite();
  const { folder, client, unchanged } = suite;
  const upload = (token: string, fileName: string) => incomingFile(suite.t, token, fileName);

  describe('cross-department link', () => {
    it("refuses to link another department's content into a folder the attacker writes", async () => {
      const mario = await suite.world.token('mario.rossi');
      const answer = await unchanged(() =>
        provider(suite.t, mario, 'POST', `xcontents/resources/contentcategory/link/${client()}`, {
          categoryId: folder(ARCHIVE),
          items: { ids: [suite.world.foreignContent] },
        }),
      );
      // Invisible to the caller: reported as not linked, exactly as an unknown id (no existence oracle).
      expect(answer.body).toMatchObject({ resultCode: 'OK', notLinked: [suite.world.foreignContent] });
    });

    it('refuses to link a content the attacker may only read: the link would grant write on it', async () => {
      const waiting = await insertContent(suite.t, { name: 'In approvazione', folders: [folder(APPROVAL)] });
      const mario = await suite.world.token('mario.rossi');
      const answer = await unchanged(() =>
        provider(suite.t, mario, 'POST', `xcontents/resources/contentcategory/link/${client()}`, {
          categoryId: folder(ARCHIVE),
          items: { ids: [waiting] },
        }),
      );
      expect(answer).toMatchObject({ status: 418, body: { resultCode: 'ACCESS_DENIED' } });
    });

    it('links what the caller may modify, into a folder they write', async () => {
      const own = await insertContent(suite.t, { name: 'Archiviata', folders: [folder(ARCHIVE)] });
      const dina = await suite.world.token(FOREIGN.user);
      const answer = await provider(
        suite.t,
        dina,
        'POST',
        `xcontents/resources/contentcategory/link/${client()}`,
        {
          categoryId: folder(FOREIGN.empty),
          items: { ids: [suite.world.foreignContent, own] },
        },
      );
      expect(answer.body).toMatchObject({ resultCode: 'OK', notLinked: [own] });
      await provider(suite.t, dina, 'POST', `xcontents/resources/contentcategory/unlink/${client()}`, {
        categoryId: folder(FOREIGN.empty),
        items: { ids: [suite.world.foreignContent] },
      });
    });
  });

  describe('owners keep no extra rights', () => {
    it('refuses the owner of a delivery that left its folders: new version, rename, trash, remove', async () => {
      const archived = await insertContent(suite.t, {
        name: 'Consegna approvata',
        folders: [folder(ARCHIVE)],
        owner: 'foto.studio',
      });
      const supplier = await suite.world.token('foto.studio');
      const file = await upload(supplier, 'v2.jpg');
      const answers = await unchanged(async () => [
        await provider(suite.t, supplier, 'POST', `xadmin/resources/content/updateSource/${client()}`, {
          contentId: archived,
          sources: [{ s3: file }],
        }),
        await provider(suite.t, supplier, 'POST', 'xcontents/resources/content/updateContent4Locale', {
          client: { clientId: client() },
          contentId: archived,
          detail: { locale: 'EN', name: 'Renamed by the supplier' },
        }),
        await provider(suite.t, supplier, 'POST', `xadmin/resources/content/remove/${client()}`, {
          xcontentId: archived,
        }),
      ]);
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 418, body: { resultCode: 'CONTENT_NOT_EXISTS' } });
      const trash = await unchanged(() =>
        provider(suite.t, supplier, 'POST', `xadmin/resources/content/trash/${client()}`, {
          contentList: { contentsToTrash: [{ xcontentId: archived }] },
        }),
      );
      expect(trash.body).toMatchObject({ resultCode: 'OK', contentsInIssue: [archived] });
    });
  });

  describe('reserved workflow tags and metadata', () => {
    let delivery: string;
    beforeAll(async () => {
      // A pending delivery as the workflow leaves it: in the supplier work folder (the supplier writes) and step 1.
      delivery = await insertContent(suite.t, {
        name: 'Consegna in attesa',
        folders: [folder(SUPPLIER_WORK), folder(STEP1)],
        owner: 'foto.studio',
      });
    });

    const metadata = (token: string, verb: 'bulkInsert' | 'bulkRemove', imetadata: object[]) =>
      provider(
        suite.t,
        token,
        'POST',
        `xintelligence/resources/imetadata/${verb}/${client()}/${CLASSIFICATION}`,
        {
          value: { imetadata, target: { id: delivery, entityType: 'CONTENT' } },
        },
      );
    const tag = (token: string, verb: 'bulkInsertMultiTargets' | 'bulkRemoveMultiTargets', tagId: string) =>
      provider(suite.t, token, 'POST', `xintelligence/resources/itag/${verb}/${client()}/${CLASSIFICATION}`, {
        value: { tagId: { id: tagId }, targets: [{ id: delivery, entityType: 'CONTENT' }] },
      });

    it('refuses a supplier forging its own acceptance, single and bulk, insert and remove', async () => {
      const supplier = await suite.world.token('foto.studio');
      const answers = await unchanged(async () => [
        await metadata(supplier, 'bulkInsert', [{ key: WORKFLOW_METADATA.acceptedBy, value: 'luca.conti' }]),
        await metadata(supplier, 'bulkInsert', [
          { key: 'colour', value: 'red' },
          { key: WORKFLOW_METADATA.deletedAt.toUpperCase(), value: '1' },
        ]),
        await metadata(supplier, 'bulkRemove', [{ key: WORKFLOW_METADATA.note }]),
        await tag(supplier, 'bulkInsertMultiTargets', WORKFLOW_TAGS.accepted),
        await tag(supplier, 'bulkRemoveMultiTargets', WORKFLOW_TAGS.refused),
        await provider(
          suite.t,
          supplier,
          'POST',
          `xintelligence/resources/itagdefinition/insert/${client()}/${CLASSIFICATION}`,
          {
            value: {
              names: [{ lang: 'EN', label: 'Accepted' }],
              prettyId: WORKFLOW_TAGS.accepted.toUpperCase(),
            },
          },
        ),
      ]);
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 418, body: { resultCode: 'ACCESS_DENIED' } });
    });

    it('lets the supplier write free keys on a delivery still only in its work folder, and the service account the reserved ones', async () => {
      const supplier = await suite.world.token('foto.studio');
      // The pending delivery went on into step 1, which the supplier does not see: no longer its to change.
      const pending = await unchanged(() =>
        metadata(supplier, 'bulkInsert', [{ key: 'colour', value: 'red' }]),
      );
      expect(pending).toMatchObject({ status: 418, body: { resultCode: 'ACCESS_DENIED' } });
      const unsent = await insertContent(suite.t, {
        name: 'Consegna non inviata',
        folders: [folder(SUPPLIER_WORK)],
        owner: 'foto.studio',
      });
      const free = await provider(
        suite.t,
        supplier,
        'POST',
        `xintelligence/resources/imetadata/bulkInsert/${client()}/${CLASSIFICATION}`,
        {
          value: {
            imetadata: [{ key: 'colour', value: 'red' }],
            target: { id: unsent, entityType: 'CONTENT' },
          },
        },
      );
      expect(free.status).toBe(200);
      const service = await suite.world.token(suite.t.config.PROVIDER_SERVICE_USERNAME);
      expect(
        (
          await metadata(service, 'bulkInsert', [
            { key: WORKFLOW_METADATA.acceptedBy, value: 'anna.bianchi' },
          ])
        ).status,
      ).toBe(200);
      expect((await tag(service, 'bulkInsertMultiTargets', WORKFLOW_TAGS.accepted)).status).toBe(200);
    });
  });

  describe('no existence oracle: a folder the caller cannot see answers as an unknown id', () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const requests: [
      string,
      (folderId: string, token: string) => Promise<{ path: string; body: unknown }>,
    ][] = [
      [
        'content/insert',
        async (folderId, token) => ({
          path: `xadmin/resources/content/insert/${client()}`,
          body: {
            param: {
              contentType: 'IMAGE',
              contentOpt: { linkedCategoryIds: [folderId] },
              sources: [{ s3: await upload(token, 'probe.jpg') }],
            },
          },
        }),
      ],
      [
        'content/checkInsert',
        (folderId) =>
          Promise.resolve({
            path: `xadmin/resources/content/checkInsert/${client()}`,
            body: { linkedCategoryIds: [folderId] },
          }),
      ],
      [
        'category/insert',
        (folderId) =>
          Promise.resolve({
            path: `xcontents/resources/category/insert/${client()}`,
            body: { category: { upCategoryId: folderId, locales: [{ locale: 'EN', name: 'Probe' }] } },
          }),
      ],
      [
        'contentcategory/link',
        (folderId) =>
          Promise.resolve({
            path: `xcontents/resources/contentcategory/link/${client()}`,
            body: { categoryId: folderId, items: { ids: [suite.world.foreignContent] } },
          }),
      ],
    ];

    it.each(requests)(
      '%s: the same status and code for a hidden folder and an unknown id',
      async (_name, request) => {
        const mario = await suite.world.token('mario.rossi');
        const answers = [];
        for (const folderId of [folder(FOREIGN.archive), unknown]) {
          const { path, body } = await request(folderId, mario);
          answers.push(await unchanged(() => provider(suite.t, mario, 'POST', path, body)));
        }
        const [hidden, missing] = answers.map((a) => ({
          status: a.status,
          resultCode: a.body.resultCode,
          errorDescription: a.body.errorDescription,
        }));
        expect(hidden!.status).toBeGreaterThanOrEqual(400);
        expect(hidden).toEqual(missing);
      },
    );
  });

  describe("the provider's version record", () => {
    it('refuses content_version through imetadata to a writer of the content, and lets the service account', async () => {
      const archived = await insertContent(suite.t, { name: 'Versione', folders: [folder(ARCHIVE)] });
      const write = (token: string, verb: 'bulkInsert' | 'bulkRemove', entry: object) =>
        provider(
          suite.t,
          token,
          'POST',
          `xintelligence/resources/imetadata/${verb}/${client()}/${CLASSIFICATION}`,
          {
            value: { imetadata: [entry], target: { id: archived, entityType: 'CONTENT' } },
          },
        );
      const mario = await suite.world.token('mario.rossi');
      // mario writes the archive: free keys pass, the version record does not.
      expect((await write(mario, 'bulkInsert', { key: 'colour', value: 'red' })).status).toBe(200);
      const answers = await unchanged(async () => [
        await write(mario, 'bulkInsert', { key: 'content_version', value: '99' }),
        await write(mario, 'bulkInsert', { key: 'Content_Version', value: '99' }),
        await write(mario, 'bulkRemove', { key: 'content_version' }),
      ]);
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 418, body: { resultCode: 'ACCESS_DENIED' } });
      const service = await suite.world.token(suite.t.config.PROVIDER_SERVICE_USERNAME);
      expect((await write(service, 'bulkInsert', { key: 'content_version', value: '1' })).status).toBe(200);
    });
  });

  describe('sharing: the sharing-folder lookup and the externalshares service, for every role', () => {
    const SHARES = 'externalshare/resources/externalshares';
    const PASSWORD = 'Press-Kit-2026#Spider';
    const unknown = '00000000-0000-4000-8000-00000000beef';
    let marioShare: string;
    let recipient: string;
    const shareRow = () => providerDb(suite.t).externalShare.findUniqueOrThrow({ where: { id: marioShare } });
    const shareForm = (contentIds: string[], extra: Record<string, unknown> = {}) => ({
      name: 'Cartella stampa',
      type: 'EMAIL',
      options: {
        contentDownload: 'enabled',
        expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
        password: PASSWORD,
      },
      contents: { fromIds: contentIds },
      dispatchEmail: { recipients: ['press@example.com'], language: 'it' },
      ...extra,
    });

    beforeAll(async () => {
      const archived = await insertContent(suite.t, { name: 'Da condividere', folders: [folder(ARCHIVE)] });
      const mario = await suite.world.token('mario.rossi');
      const made = await provider(
        suite.t,
        mario,
        'POST',
        `${SHARES}?clientId=${client()}`,
        shareForm([archived]),
      );
      expect(made.status).toBe(200);
      marioShare = made.body.id as string;
      recipient = (
        await providerDb(suite.t).externalShareRecipient.findFirstOrThrow({ where: { shareId: marioShare } })
      ).id;
    });

    it.each(MATRIX_USERS)(
      "getSharingCategory answers %s only folders of their own department and the shared archive's channels",
      async (username) => {
        const answer = await provider(
          suite.t,
          await suite.world.token(username),
          'GET',
          `xcontents/resources/contentcategory/getSharingCategory?clientId=${client()}`,
        );
        expect(answer.status).toBe(200);
        const ids = answer.body.linkedCategory as string[];
        const foreign = [...suite.world.folders.entries()]
          .filter(([prettyId]) =>
            username === FOREIGN.user
              ? prettyId.endsWith('-marketing')
              : prettyId.startsWith(FOREIGN.archive),
          )
          .map(([, id]) => id);
        expect(ids.filter((id) => foreign.includes(id))).toEqual([]);
        // The department's internal-shared folder is where its staff share, and not a supplier's.
        const internal = folder(marketing(FOLDER_CODES.internalShared));
        if (username === DEMO_ROLES.user) expect(ids).toContain(internal);
        if (username === DEMO_ROLES.supplier || username === FOREIGN.user)
          expect(ids).not.toContain(internal);
        // The shared archive's channel (issue 14): to its sharers only, not to whoever merely sees it.
        const website = folder('channel-website');
        if (username === DEMO_ROLES.user) expect(ids).toContain(website);
        if ([DEMO_ROLES.supplier, DEMO_ROLES.observer, FOREIGN.user].some((u) => u === username))
          expect(ids).not.toContain(website);
        expect(ids).not.toContain(folder(FIXED_FOLDER_IDS.sharedArchive));
      },
    );

    it.each(MATRIX_USERS.filter((u) => u !== DEMO_ROLES.user))(
      "answers %s mario's share, its log, its revoke, a recipient's revoke and a delivery report as a share that does not exist",
      async (username) => {
        const token = await suite.world.token(username);
        const before = await shareRow();
        const answers = [
          await provider(suite.t, token, 'GET', `${SHARES}/${marioShare}?clientId=${client()}`),
          await provider(suite.t, token, 'GET', `${SHARES}/${marioShare}/events?clientId=${client()}`),
          await provider(suite.t, token, 'POST', `${SHARES}/${marioShare}/revoke?clientId=${client()}`, {}),
          await provider(
            suite.t,
            token,
            'POST',
            `${SHARES}/${marioShare}/recipients/${recipient}/revoke?clientId=${client()}`,
            {},
          ),
          await provider(suite.t, token, 'POST', `${SHARES}/${marioShare}/delivery?clientId=${client()}`, {
            failure: 'FORGED',
          }),
        ];
        for (const answer of answers)
          expect(answer).toMatchObject({ status: 418, body: { resultCode: 'SHARE_NOT_EXISTS' } });
        expect(await shareRow()).toEqual(before);
        const list = await provider(suite.t, token, 'GET', `${SHARES}?clientId=${client()}`);
        expect(list.status).toBe(200);
        expect((list.body.shares as { id: string }[]).map((s) => s.id)).not.toContain(marioShare);
      },
    );

    it('refuses the owner a delivery report: only the hub that sends the mails makes it', async () => {
      const mario = await suite.world.token('mario.rossi');
      const before = await shareRow();
      const answers = [
        await provider(suite.t, mario, 'POST', `${SHARES}/${marioShare}/delivery?clientId=${client()}`, {
          failure: 'FORGED',
        }),
        await provider(suite.t, mario, 'POST', `${SHARES}/${marioShare}/delivery?clientId=${client()}`, {
          sentRecipientIds: [recipient],
        }),
      ];
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 403, body: { resultCode: 'ACCESS_DENIED' } });
      expect(await shareRow()).toEqual(before);
    });

    it("refuses to share another department's content, for someone else, or with no valid ids; creates nothing", async () => {
      const count = () => providerDb(suite.t).externalShare.count();
      const before = await count();
      const mario = await suite.world.token('mario.rossi');
      const supplier = await suite.world.token('foto.studio');
      const archived = await insertContent(suite.t, { name: 'Solo archivio', folders: [folder(ARCHIVE)] });
      const answers = [
        await provider(
          suite.t,
          mario,
          'POST',
          `${SHARES}?clientId=${client()}`,
          shareForm([suite.world.foreignContent]),
        ),
        await provider(suite.t, supplier, 'POST', `${SHARES}?clientId=${client()}`, shareForm([archived])),
        await provider(
          suite.t,
          mario,
          'POST',
          `${SHARES}?clientId=${client()}`,
          shareForm([archived], { onBehalfOf: 'sara.branch' }),
        ),
        await provider(suite.t, mario, 'POST', `${SHARES}?clientId=${client()}`, shareForm(['not-a-uuid'])),
      ];
      expect(answers.map((a) => [a.status, a.body.resultCode])).toEqual([
        [418, 'CONTENT_NOT_EXISTS'],
        [418, 'CONTENT_NOT_EXISTS'],
        [403, 'ACCESS_DENIED'],
        [400, 'EXCEPTION'],
      ]);
      expect(await count()).toBe(before);
    });

    it('answers unknown and malformed share ids as a share that does not exist, and a forged cursor as invalid', async () => {
      const mario = await suite.world.token('mario.rossi');
      for (const id of [unknown, 'not-a-uuid', "1' OR '1'='1"]) {
        const path = `${SHARES}/${encodeURIComponent(id)}`;
        for (const [method, suffix] of [
          ['GET', ''],
          ['GET', '/events'],
          ['POST', '/revoke'],
          ['POST', `/recipients/${encodeURIComponent(id)}/revoke`],
        ] as const)
          expect(
            await provider(
              suite.t,
              mario,
              method,
              `${path}${suffix}?clientId=${client()}`,
              method === 'POST' ? {} : undefined,
            ),
          ).toMatchObject({
            status: 418,
            body: { resultCode: 'SHARE_NOT_EXISTS' },
          });
      }
      expect(
        await provider(
          suite.t,
          mario,
          'POST',
          `${SHARES}/${marioShare}/recipients/not-a-uuid/revoke?clientId=${client()}`,
          {},
        ),
      ).toMatchObject({ status: 418, body: { resultCode: 'SHARE_NOT_EXISTS' } });
      for (const cursor of ['!!', Buffer.from(`yesterday|${unknown}`).toString('base64url'), 'x'.repeat(301)])
        expect(
          await provider(
            suite.t,
            mario,
            'GET',
            `${SHARES}?clientId=${client()}&cursor=${encodeURIComponent(cursor)}`,
          ),
        ).toMatchObject({
          status: 400,
          body: { errorDescription: expect.stringMatching(/^INVALID_ARGUMENTS/) },
        });
    });
  });

  describe('directory', () => {
    const detail = (token: string, username: string) =>
      provider(
        suite.t,
        token,
        'GET',
        `xsso/resources/vusermanager/detail?clientId=${client()}&username=${username}`,
      );

    it("refuses a supplier another user's detail, known or not, and answers its own", async () => {
      const supplier = await suite.world.token('foto.studio');
      for (const username of ['mario.rossi', 'nobody.at.all'])
        expect(await detail(supplier, username)).toMatchObject({
          status: 403,
          body: { resultCode: 'ACCESS_DENIED', errorDescription: 'USERNAME_MISMATCH' },
        });
      expect((await detail(supplier, 'foto.studio')).status).toBe(200);
    });

    it("answers another user's detail to an admin and to the service account", async () => {
      for (const reader of ['admin', suite.t.config.PROVIDER_SERVICE_USERNAME]) {
        const answer = await detail(await suite.world.token(reader), 'mario.rossi');
        expect(answer).toMatchObject({
          status: 200,
          body: { user: { credential: { username: 'mario.rossi' } } },
        });
      }
    });
  });
  // Last: the insert requests derivatives, whose job changes the content after the answer.
  describe('owners keep no extra rights, and lose nothing their folders give', () => {
    it('still lets a supplier deliver into its work folder and send a new version there', async () => {
      const supplier = await suite.world.token('foto.studio');
      const inserted = await provider(
        suite.t,
        supplier,
        'POST',
        `xadmin/resources/content/insert/${client()}`,
        {
          param: {
            contentType: 'IMAGE',
            contentOpt: { linkedCategoryIds: [folder(SUPPLIER_WORK)] },
            sources: [{ s3: await upload(supplier, 'delivery.jpg') }],
          },
        },
      );
      expect(inserted.status).toBe(200);
      const contentId = inserted.body.xcontentId as string;
      const next = await provider(
        suite.t,
        supplier,
        'POST',
        `xadmin/resources/content/updateSource/${client()}`,
        {
          contentId,
          sources: [{ s3: await upload(supplier, 'delivery-v2.jpg') }],
        },
      );
      expect(next).toMatchObject({ status: 200, body: { version: 2 } });
    });
  });
});
