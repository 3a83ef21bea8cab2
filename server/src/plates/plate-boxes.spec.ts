import type { PlateBoxShape } from '@paddock/rules';
import { intersectionOverUnion, mergeDetections, nonMaxSuppression, padBox } from './plate-boxes';

function expectBox(actual: PlateBoxShape | undefined, expected: PlateBoxShape): void {
  expect(actual).toBeDefined();
  for (const side of ['x', 'y', 'w', 'h'] as const) expect(actual![side]).toBeCloseTo(expected[side], 9);
}

describe('plate boxes', () => {
  it('merges one plate seen at two scales into one box covering both', () => {
    const merged = mergeDetections(
      [
        { width: 800, height: 500, rects: [{ x: 320, y: 250, width: 160, height: 40 }] },
        { width: 1600, height: 1000, rects: [{ x: 650, y: 505, width: 300, height: 80 }] },
      ],
      0,
    );
    expect(merged).toHaveLength(1);
    const [box] = merged;
    expect(box!.x).toBeCloseTo(0.4);
    expect(box!.y).toBeCloseTo(0.5);
    expect(box!.x + box!.w).toBeCloseTo(0.6);
    expect(box!.y + box!.h).toBeCloseTo(0.585);
  });

  it('keeps plates apart that do not overlap', () => {
    const boxes = nonMaxSuppression([
      { x: 0.1, y: 0.1, w: 0.1, h: 0.05 },
      { x: 0.6, y: 0.6, w: 0.1, h: 0.05 },
    ]);
    expect(boxes).toHaveLength(2);
  });

  it('takes a small box mostly inside a larger one for the same plate', () => {
    const boxes = nonMaxSuppression([
      { x: 0.1, y: 0.1, w: 0.4, h: 0.2 },
      { x: 0.15, y: 0.15, w: 0.1, h: 0.05 },
    ]);
    expect(boxes).toHaveLength(1);
    expectBox(boxes[0], { x: 0.1, y: 0.1, w: 0.4, h: 0.2 });
  });

  it('measures overlap as intersection over union', () => {
    expect(intersectionOverUnion({ x: 0, y: 0, w: 1, h: 1 }, { x: 0.5, y: 0, w: 1, h: 1 })).toBeCloseTo(
      1 / 3,
    );
    expect(intersectionOverUnion({ x: 0, y: 0, w: 0.1, h: 0.1 }, { x: 0.5, y: 0.5, w: 0.1, h: 0.1 })).toBe(0);
  });

  it('pads every side by a share of the size, never past the picture', () => {
    expectBox(padBox({ x: 0.4, y: 0.4, w: 0.2, h: 0.1 }, 0.2), { x: 0.36, y: 0.38, w: 0.28, h: 0.14 });
    expectBox(padBox({ x: 0, y: 0.95, w: 0.1, h: 0.05 }, 0.5), { x: 0, y: 0.925, w: 0.15, h: 0.075 });
  });
});
