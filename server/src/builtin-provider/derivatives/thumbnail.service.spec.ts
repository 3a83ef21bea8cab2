import { Readable } from 'node:stream';
import { CARD_THUMBNAIL_SIDE } from '@paddock/rules';
import sharp from 'sharp';
import { placeholder } from '../../media/placeholder';
import { THUMBNAIL_FAILURES } from './derivatives.errors';
import { ThumbnailService, isCachedArea, parseDivArea } from './thumbnail.service';

describe('dynamic thumbnail request parsing', () => {
  it('reads divArea as WxH, 0 meaning unconstrained, capped at the preview size', () => {
    expect(parseDivArea('100x70')).toEqual({ width: 100, height: 70 });
    expect(parseDivArea('768x0')).toEqual({ width: 768, height: 0 });
    expect(parseDivArea('9999x9999')).toEqual({ width: 2048, height: 2048 });
    for (const bad of ['100', '100x', 'x70', '-1x5', '100X70', '10000x1', '1.5x2'])
      expect(parseDivArea(bad)).toBeNull();
  });

  it("keeps the fitted picture of the hub's cards, fitted once rather than at every grid load", () => {
    expect(isCachedArea({ width: CARD_THUMBNAIL_SIDE, height: CARD_THUMBNAIL_SIDE })).toBe(true);
  });
});

jest.mock('../../media/placeholder', () => {
  const actual = jest.requireActual<typeof import('../../media/placeholder')>('../../media/placeholder');
  return { ...actual, placeholder: jest.fn(actual.placeholder) };
});

const CARD_BOX = `${CARD_THUMBNAIL_SIDE}x${CARD_THUMBNAIL_SIDE}`;

describe('ThumbnailService, a content still processing', () => {
  it('answers the neutral picture of a kept area drawn once, however many cards ask', async () => {
    const drawn = jest.mocked(placeholder);
    const service = new ThumbnailService(
      { thumbnailSource: () => Promise.resolve({ version: 1, derivatives: [] }) } as never,
      {
        contentAccess: (_caller: unknown, ids: string[]) =>
          Promise.resolve(new Map(ids.map((id) => [id, { trashed: false, folders: { show: true } }]))),
      } as never,
      {} as never,
      { now: () => new Date() },
    );
    const ask = (divArea: string) =>
      service.thumbnail({} as never, {
        divArea,
        contentFile: '0b6f4c1e-3b8a-4b53-9a39-5d0f0c1e2a77.jpg',
        ifNoneMatch: undefined,
      });
    const bytes = async (answer: Awaited<ReturnType<typeof ask>>) => {
      const chunks: Buffer[] = [];
      if ('body' in answer) for await (const chunk of answer.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const first = await bytes(await ask(CARD_BOX));
    const again = await Promise.all([ask(CARD_BOX), ask(CARD_BOX)]);
    expect(first.length).toBeGreaterThan(0);
    for (const answer of again) {
      expect(answer).toMatchObject({ status: 200, cacheControl: 'no-store' });
      expect((await bytes(answer)).equals(first)).toBe(true);
    }
    expect(drawn).toHaveBeenCalledTimes(1);
    // An area no blob is kept for is drawn each time: a caller cannot grow the kept pictures at will.
    await ask('341x341');
    await ask('341x341');
    expect(drawn).toHaveBeenCalledTimes(3);
  });
});

describe('ThumbnailService, a grid asked again', () => {
  const CONTENT = '0b6f4c1e-3b8a-4b53-9a39-5d0f0c1e2a77';

  function setUp(shows: (groupIds: string[]) => boolean) {
    let generation = '1.0';
    const asked: string[][] = [];
    const service = new ThumbnailService(
      // Only the pending picture: the kept answers are what is counted, not the fitting.
      { thumbnailSource: () => Promise.resolve({ version: 1, derivatives: [] }) } as never,
      {
        contentAccess: (caller: { groupIds: string[] }, ids: string[]) => {
          asked.push(caller.groupIds);
          return Promise.resolve(
            new Map(ids.map((id) => [id, { trashed: false, folders: { show: shows(caller.groupIds) } }])),
          );
        },
      } as never,
      {} as never,
      { now: () => new Date() },
      { generation: () => generation },
    );
    const ask = (groupIds: string[]) =>
      service.thumbnail({ groupIds, opensJunk: false } as never, {
        divArea: CARD_BOX,
        contentFile: CONTENT,
        ifNoneMatch: undefined,
      });
    return { ask, asked, announce: () => (generation = '1.1') };
  }

  it("reads a content's rights once per group scope until a listing change is announced", async () => {
    const { ask, asked, announce } = setUp(() => true);
    await ask(['g1']);
    await ask(['g1']);
    expect(asked).toEqual([['g1']]);
    await ask(['g2']);
    expect(asked).toEqual([['g1'], ['g2']]);
    announce();
    await ask(['g1']);
    expect(asked).toEqual([['g1'], ['g2'], ['g1']]);
  });

  it('refuses a scope that does not see the content, whatever another scope was answered', async () => {
    const { ask } = setUp((groupIds) => groupIds.includes('g1'));
    await expect(ask(['g1'])).resolves.toMatchObject({ status: 200 });
    await expect(ask(['g2'])).rejects.toMatchObject({ failure: THUMBNAIL_FAILURES.contentNotFound });
    await expect(ask(['g1'])).resolves.toMatchObject({ status: 200 });
  });
});

describe('ThumbnailService, a card picture asked again', () => {
  it('is fitted and stored once, then served from memory without opening the blob store again', async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const blobs = new Map<string, Buffer>([['renditions/thumb.jpg', jpeg]]);
    const reads: string[] = [];
    const service = new ThumbnailService(
      {
        thumbnailSource: () =>
          Promise.resolve({
            version: 3,
            derivatives: [{ kind: 'thumb', blobKey: 'renditions/thumb.jpg', mimeType: 'image/jpeg' }],
          }),
      } as never,
      {
        contentAccess: (_caller: unknown, ids: string[]) =>
          Promise.resolve(new Map(ids.map((id) => [id, { trashed: false, folders: { show: true } }]))),
      } as never,
      {
        exists: (key: string) => Promise.resolve(blobs.has(key)),
        put: async (key: string, body: Readable) => {
          const chunks: Buffer[] = [];
          for await (const chunk of body) chunks.push(chunk as Buffer);
          blobs.set(key, Buffer.concat(chunks));
        },
        get: (key: string) => {
          reads.push(key);
          return Promise.resolve(Readable.from([blobs.get(key)!]));
        },
      } as never,
      { now: () => new Date() },
      { generation: () => '1.0' },
    );
    const ask = async () => {
      const answer = await service.thumbnail({ groupIds: ['g1'], opensJunk: false } as never, {
        divArea: CARD_BOX,
        contentFile: '0b6f4c1e-3b8a-4b53-9a39-5d0f0c1e2a77',
        ifNoneMatch: undefined,
      });
      const chunks: Buffer[] = [];
      if ('body' in answer) for await (const chunk of answer.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    const first = await ask();
    const kept = `thumbnails/0b6f4c1e-3b8a-4b53-9a39-5d0f0c1e2a77/3/${CARD_BOX}.jpg`;
    expect(first.equals(blobs.get(kept)!)).toBe(true);
    expect((await sharp(first).metadata()).width).toBe(CARD_THUMBNAIL_SIDE);
    const again = await Promise.all([ask(), ask(), ask()]);
    for (const bytes of again) expect(bytes.equals(first)).toBe(true);
    // The thumb once to fit it, the fitted picture once to keep it in memory.
    expect(reads).toEqual(['renditions/thumb.jpg', kept]);
  });
});
