import { planArchive, type PlannedContent } from './archive-plan';

function content(overrides: Partial<PlannedContent>): PlannedContent {
  return {
    id: 'c1',
    contentType: 'IMAGE',
    version: 1,
    name: 'Red car.jpg',
    sourceExtension: 'jpg',
    dimensions: { width: 800, height: 600 },
    derivatives: new Map(),
    ...overrides,
  };
}

describe('planArchive', () => {
  it('skips image sizes above the original in width or height, keeps the others (SPEC §5)', () => {
    const entries = planArchive([content({})], {
      image: ['1920x1080', '640x480', '800x480', 'SOURCE'],
      video: [],
    });
    expect(entries.map((e) => [e.name, e.fit && `${e.fit.width}x${e.fit.height}`])).toEqual([
      ['Red car_640x480.jpg', '640x480'],
      ['Red car_800x480.jpg', '800x480'],
      ['Red car_original.jpg', undefined],
    ]);
  });

  it('resizes formats a browser cannot show into JPEG, and includes every size when the original size is unknown', () => {
    const entries = planArchive([content({ name: 'Poster', sourceExtension: 'psd', dimensions: null })], {
      image: ['3840x2160'],
      video: [],
    });
    expect(entries).toEqual([
      expect.objectContaining({
        name: 'Poster_3840x2160.jpg',
        fit: { width: 3840, height: 2160, format: 'jpeg' },
      }),
    ]);
  });

  it("names each image's original once as its resized entries' stand-in, unless the original is asked for too", () => {
    const [small, large] = planArchive(
      [content({ name: 'Poster', sourceExtension: 'psd', dimensions: null })],
      {
        image: ['640x480', '1920x1080'],
        video: [],
      },
    );
    expect(small?.fallback).toEqual({
      name: 'Poster_original.psd',
      contentId: 'c1',
      version: 1,
      kind: 'source',
      compress: false,
    });
    expect(large?.fallback).toBe(small?.fallback);
    const withSource = planArchive([content({ dimensions: null })], {
      image: ['640x480', 'SOURCE'],
      video: [],
    });
    expect(withSource.map((e) => [e.name, e.fallback])).toEqual([
      ['Red car_640x480.jpg', null],
      ['Red car_original.jpg', undefined],
    ]);
  });

  it('gives videos their source and web proxy, other types their source, with unique safe names', () => {
    const entries = planArchive(
      [
        content({
          id: 'v',
          contentType: 'VIDEO',
          name: 'Clip',
          sourceExtension: 'mov',
          derivatives: new Map([['proxy', 'video/mp4']]),
        }),
        content({ id: 'v2', contentType: 'VIDEO', name: 'clip', sourceExtension: 'mov' }),
        content({ id: 'd', contentType: 'DOCUMENT', name: 'a/b: c?', sourceExtension: 'pdf' }),
      ],
      { image: [], video: ['SOURCE', 'WEBHD'] },
    );
    expect(entries.map((e) => [e.name, e.kind])).toEqual([
      ['Clip_original.mov', 'source'],
      ['Clip_web.mp4', 'proxy'],
      // Same name in another case: numbered; no proxy yet: only the source.
      ['clip_original (2).mov', 'source'],
      ['a_b_ c__original.pdf', 'source'],
    ]);
  });

  it('deflates only text-like files; media and documents are stored', () => {
    const entries = planArchive(
      [
        content({ id: 'i', name: 'Car', sourceExtension: 'JPG' }),
        content({ id: 'v', contentType: 'VIDEO', name: 'Clip', sourceExtension: 'mov' }),
        content({ id: 'd', contentType: 'DOCUMENT', name: 'Deck', sourceExtension: 'pptx' }),
        content({ id: 't', contentType: 'OTHER', name: 'Prices', sourceExtension: 'csv' }),
        content({ id: 's', contentType: 'OTHER', name: 'Logo', sourceExtension: 'svg' }),
      ],
      { image: ['SOURCE', '640x480'], video: [] },
    );
    expect(entries.map((e) => [e.name, e.compress])).toEqual([
      ['Car_original.jpg', false],
      ['Car_640x480.jpg', false],
      ['Clip_original.mov', false],
      ['Deck_original.pptx', false],
      ['Prices_original.csv', true],
      ['Logo_original.svg', true],
    ]);
  });
});
