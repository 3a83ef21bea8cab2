import {
  carriedRejectionOf,
  checklistProgress,
  drawingRegions,
  strokesOfRegions,
  type DrawingDocument,
  type DrawingStroke,
} from './index';

const stroke = (points: [number, number][], width = 0.005): DrawingStroke => ({
  color: '#e11d48',
  width,
  points,
});
const drawing = (strokes: DrawingStroke[], contentVersion?: number): DrawingDocument => ({
  version: 1,
  ...(contentVersion ? { contentVersion } : {}),
  strokes,
});

describe('drawingRegions', () => {
  it('makes one region of strokes drawn over or next to each other, numbered in drawing order', () => {
    const regions = drawingRegions(
      drawing([
        // A ring around the wing mirror, drawn in two halves…
        stroke([
          [0.1, 0.1],
          [0.2, 0.1],
          [0.2, 0.2],
        ]),
        // …a scratch far away on the other side…
        stroke([
          [0.8, 0.7],
          [0.9, 0.8],
        ]),
        stroke([
          [0.2, 0.2],
          [0.1, 0.2],
          [0.1, 0.1],
        ]),
        // …and an arrow pointing at the ring, starting just beside it.
        stroke([
          [0.21, 0.21],
          [0.35, 0.35],
        ]),
      ]),
    );
    expect(regions.map((r) => [r.number, r.strokes])).toEqual([
      [1, [0, 2, 3]],
      [2, [1]],
    ]);
    expect(regions[0]!.box.x).toBeCloseTo(0.0975);
    expect(regions[0]!.box.width).toBeCloseTo(0.255);
    expect(regions[1]!.box).toMatchObject({ x: 0.7975, y: 0.6975 });
  });

  it('joins a chain of strokes only as far as each touches the next', () => {
    const chain = [0.1, 0.13, 0.16, 0.5].map((x) => stroke([[x, 0.5]]));
    expect(drawingRegions(drawing(chain)).map((r) => r.strokes)).toEqual([[0, 1, 2], [3]]);
  });

  it('keeps boxes inside the image', () => {
    const [region] = drawingRegions(
      drawing([
        stroke(
          [
            [0, 0],
            [1, 1],
          ],
          0.05,
        ),
      ]),
    );
    expect(region!.box).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });
});

describe('carriedRejectionOf', () => {
  const canvas = JSON.stringify(drawing([stroke([[0.5, 0.5]])], 2));

  it('carries a drawing of an earlier version to the next one', () => {
    expect(carriedRejectionOf({ canvas, rejected: false }, 3)).toMatchObject({
      drawnOn: 2,
      regions: [{ number: 1 }],
    });
  });

  it('carries nothing on the rejected version itself, nor while the asset is rejected', () => {
    expect(carriedRejectionOf({ canvas, rejected: false }, 2)).toBeNull();
    expect(carriedRejectionOf({ canvas, rejected: true }, 3)).toBeNull();
  });

  it('carries nothing without a readable drawing with strokes', () => {
    expect(carriedRejectionOf({ canvas: null, rejected: false }, 3)).toBeNull();
    expect(carriedRejectionOf({ canvas: '{"version":1,"strokes":[]}', rejected: false }, 3)).toBeNull();
    expect(carriedRejectionOf({ canvas: 'not json', rejected: false }, 3)).toBeNull();
  });
});

describe('checklistProgress', () => {
  it('is complete only when every region is fixed or not applicable', () => {
    expect(checklistProgress(3, [])).toEqual({ checked: 0, open: [1, 2, 3], notFixed: [], complete: false });
    const partly = checklistProgress(3, [
      { region: 1, mark: 'fixed' },
      { region: 3, mark: 'notFixed' },
    ]);
    expect(partly).toEqual({ checked: 2, open: [2], notFixed: [3], complete: false });
    expect(
      checklistProgress(2, [
        { region: 1, mark: 'fixed' },
        { region: 2, mark: 'na' },
      ]).complete,
    ).toBe(true);
  });

  it('ignores marks of regions the drawing does not have', () => {
    expect(checklistProgress(1, [{ region: 4, mark: 'fixed' }]).open).toEqual([1]);
  });
});

describe('strokesOfRegions', () => {
  it('keeps the strokes of the regions asked for, in their order', () => {
    const d = drawing([stroke([[0.1, 0.1]]), stroke([[0.9, 0.9]]), stroke([[0.11, 0.11]])]);
    const rejection = { drawing: d, regions: drawingRegions(d) };
    expect(strokesOfRegions(rejection, [1]).strokes).toEqual([d.strokes[0], d.strokes[2]]);
    expect(strokesOfRegions(rejection, []).strokes).toEqual([]);
  });
});
