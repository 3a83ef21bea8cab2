import type { ProviderSearchHit } from '../provider/search.gateway';
import { listingBody } from './listing-body';
import { toAssetSummary } from './search.dto';
import type { ContentFacts } from './search.types';

const hit = (id: string, it: string, en: string): ProviderSearchHit => ({
  id,
  contentType: 'IMAGE',
  extension: 'jpg',
  locales: [
    { locale: 'IT', name: it, description: '' },
    { locale: 'EN', name: en, description: '' },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ownerUsername: 'mario.rossi',
  ownerFullName: 'Mario Rossi',
  version: 2,
  state: 'READY',
});

const contents = [hit('a1', 'Cofano "anteriore"', 'Front bonnet'), hit('b2', 'Ruota', 'Wheel')];
const facts: ReadonlyMap<string, ContentFacts> = new Map<string, ContentFacts>([
  ['a1', { workflowState: { kind: 'accepted' }, restricted: true, published: false, durationMs: 1500 }],
]);
const rest = { hasMore: true, next: 'eyJvZmZzZXQiOjJ9', offset: 0, limit: 2 };
const parsed = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;

describe('listingBody', () => {
  it('writes the object the controller answered before, key for key, in the reader language', () => {
    const body = listingBody({ contents, facts }, 'en', rest);
    const expected = { items: contents.map((c) => toAssetSummary(c, 'en', facts.get(c.id))), ...rest };
    expect(body.toString('utf8')).toBe(JSON.stringify(expected));
    expect(parsed(body)).toMatchObject({
      items: [{ name: 'Front bonnet', restricted: true }, { name: 'Wheel' }],
    });
  });

  it('leaves out an absent cursor as JSON does, and keeps an empty page valid', () => {
    const last = { hasMore: false, next: undefined, offset: 4, limit: 2 };
    expect(parsed(listingBody({ contents: [], facts: new Map() }, 'it', last))).toEqual({
      items: [],
      hasMore: false,
      offset: 4,
      limit: 2,
    });
  });

  it('gives a page asked again its kept cards, and writes them anew for another language or day', () => {
    const page = { contents: [hit('c3', 'Sedile', 'Seat')], facts };
    const first = listingBody(page, 'it', rest);
    // The kept cards are the page's as it was written: a change to the hit object is not re-read…
    page.contents[0].locales[0].name = 'Sedile (nuovo)';
    expect(parsed(listingBody(page, 'it', rest))).toEqual(parsed(first));
    // …until the language or the day's facts differ, which a new facts map stands for.
    expect(parsed(listingBody(page, 'en', rest))).toMatchObject({ items: [{ name: 'Seat' }] });
    const nextDay = { contents: page.contents, facts: new Map(facts) };
    expect(parsed(listingBody(nextDay, 'it', rest))).toMatchObject({ items: [{ name: 'Sedile (nuovo)' }] });
  });
});
