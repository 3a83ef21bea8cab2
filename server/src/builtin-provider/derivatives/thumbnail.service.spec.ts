import { matchesEtag, parseDivArea } from './thumbnail.service';

describe('dynamic thumbnail request parsing', () => {
  it('reads divArea as WxH, 0 meaning unconstrained, capped at the preview size', () => {
    expect(parseDivArea('100x70')).toEqual({ width: 100, height: 70 });
    expect(parseDivArea('768x0')).toEqual({ width: 768, height: 0 });
    expect(parseDivArea('9999x9999')).toEqual({ width: 2048, height: 2048 });
    for (const bad of ['100', '100x', 'x70', '-1x5', '100X70', '10000x1', '1.5x2'])
      expect(parseDivArea(bad)).toBeNull();
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
