import { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  CARD_THUMBNAIL_BOX,
  FOLDER_CODES,
  departmentFolderPrettyId,
  type AssetListResponse,
  type Language,
} from '@paddock/rules';
import { campaignFolderPrettyId } from '../../src/seed/demo-data';
import { ChangeFeed } from '../../src/database/change-feed';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../../src/provider/contents.gateway';
import { blobs } from '../derivatives/derivatives-fixtures';
import { systemClock } from '../../src/common/clock';
import { hubDb, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { recordProviderCalls } from '../enrichment/enrichment-fixtures';
import { heardAfter, listening } from '../support/change-notices';
import type { TestApp } from '../support/test-app';
import { headersOf } from '../auth/auth-fixtures';
import { MARKETING_PEOPLE, contentsIn, get, startDemoWorld } from '../workflow/workflow-fixtures';

jest.setTimeout(120_000);

const ARCHIVE = departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'MARKETING');
const SHARED = campaignFolderPrettyId('MARKETING');

let t: TestApp;
let folders: Map<string, string>;
let mario: SignedIn;
let supplier: SignedIn;

beforeAll(async () => {
  ({
    t,
    folders,
    people: [mario, supplier],
  } = await startDemoWorld([MARKETING_PEOPLE[2], 'foto.studio']));
});
afterAll(() => t?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A counter of the provider searches the hub makes from now on. */
function providerSearches(): () => number {
  const calls = recordProviderCalls(t);
  return () => calls.filter((c) => c.path.endsWith('/content/findByProperties')).length;
}

/**
 * Asks until an ask searches no more: the first opens the change feed, so it is not kept; once
 * listening, a page is searched once. The searches made by then.
 */
async function askedUntilKept(searches: () => number, ask: () => Promise<unknown>): Promise<number> {
  let asked = -1;
  for (let i = 0; i < 200 && searches() !== asked; i++) {
    asked = searches();
    await ask();
  }
  return asked;
}

/**
 * Listing pages are kept between requests in each api process (search/listing-cache.ts); a change
 * committed by any writer (the provider, the hub's jobs, SQL by hand) must be seen by the next ask.
 */
describe('a listing page kept between requests (issue 26)', () => {
  it('is answered again without a provider search, and shows each committed change at the next ask', async () => {
    expect(mario.session.username).toBe('mario.rossi');
    const [content] = await contentsIn(t, folders, [ARCHIVE]);
    const searches = providerSearches();
    const card = async () => {
      const res = await get<AssetListResponse>(t, mario, `/api/assets?folderId=${folders.get(ARCHIVE)}`);
      expect(res.status).toBe(200);
      return res.body.items.find((item) => item.id === content);
    };

    const asked = await askedUntilKept(searches, card);
    const first = await card();
    expect(first?.name).toMatch(/^wf-/);
    expect(await card()).toEqual(first);
    expect(searches()).toBe(asked);

    // Renamed in SQL, as an operator would: no request of the hub knew of it, only the announcement.
    const changes = t.app.get(ChangeFeed);
    const before = changes.generation('listing')!;
    await providerDb(t).$executeRaw`UPDATE provider.content_locale SET name = 'renamed.jpg'
                                    WHERE content_id = ${content}::uuid`;
    await heardAfter(changes, 'listing', before);
    expect((await card())?.name).toBe('renamed.jpg');

    // A pre-flight report, as a worker's job writes it, marks the card.
    const reported = changes.generation('listing')!;
    await hubDb(t).preflightReport.create({
      data: { contentId: content, version: 1, verdict: 'warn', results: [], gates: true },
    });
    await heardAfter(changes, 'listing', reported);
    expect((await card())?.preflightVerdict).toBe('warn');

    // The right to read the archive withdrawn: the kept page is not served any more.
    const withdrawn = changes.generation('listing')!;
    await providerDb(t).categoryAcl.deleteMany({ where: { categoryId: folders.get(ARCHIVE) } });
    await heardAfter(changes, 'listing', withdrawn);
    expect(await card()).toBeUndefined();
  });

  it("gives a kept page's cards in the language each ask reads, from its one provider search", async () => {
    // The archive's sub-folder: the test above withdrew the archive's own rights.
    const [content] = await contentsIn(t, folders, [SHARED]);
    const changes = t.app.get(ChangeFeed);
    const named = changes.generation('listing');
    await providerDb(t).$executeRaw`
      INSERT INTO provider.content_locale (content_id, locale, name, description)
      VALUES (${content}::uuid, 'IT', 'cofano.jpg', ''), (${content}::uuid, 'EN', 'bonnet.jpg', '')
      ON CONFLICT (content_id, locale) DO UPDATE SET name = EXCLUDED.name`;
    await heardAfter(changes, 'listing', named);
    const searches = providerSearches();
    const nameIn = async (lang: Language) => {
      const res = await get<AssetListResponse>(
        t,
        mario,
        `/api/assets?folderId=${folders.get(SHARED)}&lang=${lang}`,
      );
      expect(res.status).toBe(200);
      return res.body.items.find((item) => item.id === content)?.name;
    };

    const asked = await askedUntilKept(searches, () => nameIn('en'));
    expect(await nameIn('en')).toBe('bonnet.jpg');
    expect(await nameIn('it')).toBe('cofano.jpg');
    // French reads the English name: the assets' locales are IT and EN (SPEC).
    expect(await nameIn('fr')).toBe('bonnet.jpg');
    expect(await nameIn('en')).toBe('bonnet.jpg');
    // One page kept for every language: none of these asks searched again.
    expect(searches()).toBe(asked);
  });
});

describe('what one person was answered, asked by another (issue 26)', () => {
  it("never gives a supplier mario's kept archive page or a picture of it", async () => {
    // The archive's sub-folder: the first test withdrew the archive's own rights.
    const [content] = await contentsIn(t, folders, [SHARED]);
    const archive = `/api/assets?folderId=${folders.get(SHARED)}`;
    const picture = (who: SignedIn) =>
      fetch(`${t.url}/api/assets/${content}/thumbnail?size=340x340`, { headers: headersOf(who) });
    // Kept for mario: his page twice (the feed listens by then), his card's picture twice.
    for (let i = 0; i < 2; i++) {
      const page = await get<AssetListResponse>(t, mario, archive);
      expect(page.body.items.map((item) => item.id)).toContain(content);
      expect((await picture(mario)).status).toBe(200);
    }
    expect(t.app.get(ChangeFeed).generation('listing')).toBeDefined();

    // SPEC §6: a supplier sees only the supplier folders; nothing of the archive comes through.
    const theirs = await get<AssetListResponse>(t, supplier, archive);
    expect(theirs.status === 200 ? theirs.body.items : []).toEqual([]);
    expect((await picture(supplier)).status).toBe(404);
    const total = await get<{ totalResults: number }>(
      t,
      supplier,
      `/api/assets/total?folderId=${folders.get(SHARED)}`,
    );
    expect(total.status === 200 ? total.body.totalResults : 0).toBe(0);
  });
});

describe("a card's thumbnail kept for everyone who may see its asset (issue 26)", () => {
  /** A 400 px JPEG thumbnail of the content's version 1 in the blob store, as the derivatives job writes one. */
  async function thumbnailOf(content: string, shade: number): Promise<Buffer> {
    const bytes = await sharp({
      create: { width: 400, height: 267, channels: 3, background: { r: shade, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const blobKey = `test-thumbs/${content}/${shade}.jpg`;
    await blobs(t).put(blobKey, Readable.from([bytes]));
    const row = { blobKey, mimeType: 'image/jpeg', width: 400, height: 267, size: BigInt(bytes.length) };
    await providerDb(t).derivative.upsert({
      where: { contentId_version_kind: { contentId: content, version: 1, kind: 'thumb' } },
      create: { contentId: content, version: 1, kind: 'thumb', ...row },
      update: { ...row, createdAt: new Date() },
    });
    return bytes;
  }

  /**
   * The detail's picture (the whole thumbnail, read by `stream`) and a card's (fitted to the card's box
   * by the provider's `thumbnail`): both kept, one read each until a change.
   */
  const ADDRESSES = [
    { name: 'the whole thumbnail', query: 'v=1', read: 'stream' as const, width: 400 },
    {
      name: "the card's box",
      query: `size=${CARD_THUMBNAIL_BOX}&v=1`,
      read: 'thumbnail' as const,
      width: 340,
    },
  ];

  it.each(ADDRESSES)(
    '$name is read from the provider once, refused to whoever may not see it, and read again at a committed change',
    async ({ query, read, width }) => {
      const [content] = await contentsIn(t, folders, [SHARED]);
      const changes = t.app.get(ChangeFeed);
      const reads = jest.spyOn(t.app.get<ContentsGateway>(CONTENTS_GATEWAY), read);
      const readsOfIt = () => reads.mock.calls.filter(([, id]) => id === content).length;
      const picture = (who: SignedIn, headers: Record<string, string> = {}) =>
        fetch(`${t.url}/api/assets/${content}/thumbnail?${query}`, {
          headers: { ...headersOf(who), ...headers },
        });
      const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
      try {
        // No thumbnail yet: the typed placeholder, not kept (the next ask reads again).
        const none = await picture(mario);
        expect(none.headers.get('content-type')).toMatch(/^image\/svg\+xml/);

        const added = changes.generation('listing')!;
        const first = await thumbnailOf(content, 40);
        await heardAfter(changes, 'listing', added);
        const readsBefore = readsOfIt();
        const mine = await picture(mario);
        expect(mine.status).toBe(200);
        const mineBytes = await bytesOf(mine);
        expect((await sharp(mineBytes).metadata()).width).toBe(width);
        if (read === 'stream') expect(mineBytes).toEqual(first);
        expect(await bytesOf(await picture(mario))).toEqual(mineBytes);
        expect(readsOfIt()).toBe(readsBefore + 1);

        // The browser's revalidation: its ETag answers 304, without a body.
        const etag = mine.headers.get('etag')!;
        const unchanged = await picture(mario, { 'If-None-Match': etag });
        expect(unchanged.status).toBe(304);
        expect((await unchanged.arrayBuffer()).byteLength).toBe(0);

        // SPEC §6: kept or not, a supplier gets nothing of the archive.
        const theirs = await picture(supplier);
        expect(theirs.status).toBe(404);
        expect((await bytesOf(theirs)).includes(mineBytes.subarray(0, 64))).toBe(false);
        // Nor does a revalidation: the wildcard or the kept ETag answers 404 to them, never a 304.
        for (const tag of ['*', etag])
          expect((await picture(supplier, { 'If-None-Match': tag })).status).toBe(404);
        expect(readsOfIt()).toBe(readsBefore + 1);

        // The derivatives job made it again: the next ask reads the provider again. The whole thumbnail
        // is the new file under a new ETag; a fitted picture's ETag names the content's version, so the
        // same version revalidates (a new version is a new address: `v=`).
        const before = changes.generation('listing')!;
        await thumbnailOf(content, 200);
        await heardAfter(changes, 'listing', before);
        const remade = await picture(mario, { 'If-None-Match': etag });
        expect(readsOfIt()).toBe(readsBefore + 2);
        if (read === 'stream') {
          expect(remade.status).toBe(200);
          expect(await bytesOf(remade)).not.toEqual(mineBytes);
          expect(remade.headers.get('etag')).not.toBe(etag);
        } else {
          expect(remade.status).toBe(304);
        }
      } finally {
        reads.mockRestore();
      }
    },
  );
});

describe("a card's detail after its picture (issue 26)", () => {
  it('reads the asset once for both outside a folder; in a folder, the folder is checked too', async () => {
    const changes = t.app.get(ChangeFeed);
    const before = changes.generation('listing');
    const [content] = await contentsIn(t, folders, [SHARED]);
    // Every notice of the new asset heard, so nothing kept below is dropped between the asks.
    let heard = await heardAfter(changes, 'listing', before);
    for (let settled = false; !settled; heard = changes.generation('listing')) {
      await pause(200);
      settled = changes.generation('listing') === heard;
    }
    const lookups = jest.spyOn(t.app.get<ContentsGateway>(CONTENTS_GATEWAY), 'contentsByIds');
    const lookupsOfIt = () => lookups.mock.calls.filter(([, ids]) => ids.includes(content)).length;
    try {
      const picture = await fetch(`${t.url}/api/assets/${content}/thumbnail?size=${CARD_THUMBNAIL_BOX}`, {
        headers: headersOf(mario),
      });
      expect(picture.status).toBe(200);
      expect(lookupsOfIt()).toBe(1);
      const detail = await get<{ id: string }>(t, mario, `/api/assets/${content}?lang=it`);
      expect(detail.status === 200 ? detail.body.id : detail.status).toBe(content);
      expect(lookupsOfIt()).toBe(1);
      // The supplier's own lookup: refused, whatever mario's left in memory.
      expect((await get(t, supplier, `/api/assets/${content}`)).status).toBe(404);

      const inFolder = await get<{ id: string }>(
        t,
        mario,
        `/api/assets/${content}?folderId=${folders.get(SHARED)}`,
      );
      expect(inFolder.status).toBe(200);
      expect(lookupsOfIt()).toBe(3);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe('ChangeFeed', () => {
  it('moves on at a committed change, not at one rolled back, and hears nothing before it listens', async () => {
    const feed = new ChangeFeed(t.config, systemClock);
    try {
      expect(feed.generation('listing')).toBeUndefined();
      const start = await listening(feed, 'listing');
      const db = providerDb(t);
      const [content] = await contentsIn(t, folders, [ARCHIVE]);
      const afterInsert = await heardAfter(feed, 'listing', start);
      expect(afterInsert).not.toBe(start);
      const callers = feed.generation('callers');

      await db
        .$transaction(async (tx) => {
          await tx.$executeRaw`UPDATE provider.content_locale SET name = 'never.jpg' WHERE content_id = ${content}::uuid`;
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await pause(200);
      expect(feed.generation('listing')).toBe(afterInsert);

      await db.$executeRaw`UPDATE provider.content_locale SET name = 'kept.jpg' WHERE content_id = ${content}::uuid`;
      expect(await heardAfter(feed, 'listing', afterInsert)).not.toBe(afterInsert);
      // Another topic's generation is untouched by a listing change.
      expect(feed.generation('callers')).toBe(callers);
    } finally {
      await feed.onModuleDestroy();
    }
    expect(feed.generation('listing')).toBeUndefined();
  });
});
