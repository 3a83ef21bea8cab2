import { DRAWING_LIMITS, drawingContentVersion, parseDrawing, stampDrawing } from './workflow';

const stroke = { color: '#e11d48', width: 0.005, points: [[0.1, 0.2]] };
const drawing = (extra: object = {}) => JSON.stringify({ version: 1, strokes: [stroke], ...extra });

describe('the version a reject drawing belongs to', () => {
  it('is the stamped content version', () => {
    expect(drawingContentVersion(parseDrawing(drawing({ contentVersion: 3 }))!)).toBe(3);
  });

  it('is version 1 for a drawing stored before the stamp', () => {
    expect(drawingContentVersion(parseDrawing(drawing())!)).toBe(1);
  });

  it.each([0, -1, 1.5, '2', null, Number.MAX_VALUE])('refuses a drawing stamped %p', (contentVersion) => {
    expect(parseDrawing(drawing({ contentVersion }))).toBeNull();
  });

  it('stamps a drawing with the version, over any stamp it had', () => {
    const stamped = stampDrawing(drawing({ contentVersion: 7 }), 2);
    expect(parseDrawing(stamped)).toEqual({ version: 1, contentVersion: 2, strokes: [stroke] });
  });

  it('leaves a text that is not a drawing as it is', () => {
    expect(stampDrawing('not json', 2)).toBe('not json');
  });
});

describe('the stamp and the size limits', () => {
  it('a drawing as long as a reject may send is still readable once stamped', () => {
    const point: [number, number] = [0.1234, 0.5678];
    const full = {
      ...stroke,
      points: Array.from({ length: DRAWING_LIMITS.maxPointsPerStroke }, () => point),
    };
    const strokes = Array.from({ length: 13 }, () => ({ ...full, points: [...full.points] }));
    const pointChars = JSON.stringify(point).length + 1;
    const excess = JSON.stringify({ version: 1, strokes }).length - DRAWING_LIMITS.maxChars;
    strokes[12]!.points.length -= Math.ceil(excess / pointChars);
    const text = JSON.stringify({ version: 1, strokes });
    expect(text.length).toBeGreaterThan(DRAWING_LIMITS.maxChars - pointChars);
    expect(text.length).toBeLessThanOrEqual(DRAWING_LIMITS.maxChars);

    const stamped = stampDrawing(text, Number.MAX_SAFE_INTEGER);
    expect(stamped.length).toBeGreaterThan(DRAWING_LIMITS.maxChars);
    expect(parseDrawing(stamped)?.contentVersion).toBe(Number.MAX_SAFE_INTEGER);
  });
});
