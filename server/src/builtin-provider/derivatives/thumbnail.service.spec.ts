import { CARD_THUMBNAIL_SIDE } from '@paddock/rules';
import { placeholder } from '../../media/placeholder';
import { ThumbnailService, isCachedArea, matchesEtag, parseDivArea } from './thumbnail.service';

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

  it('matches If-None-Match lists, weak tags and the wildcard', () => {
    const etag = '"c-v2-100x70"';
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"c-v1-100x70"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
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
