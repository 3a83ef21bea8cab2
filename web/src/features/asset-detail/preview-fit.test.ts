import { displayedSize, fitSize } from './preview-fit';

describe('fitSize', () => {
  it.each([
    // The portraits of issue 12 in a 800×540 viewport: the whole height shows.
    [
      { width: 1080, height: 1350 },
      { width: 432, height: 540 },
    ],
    [
      { width: 1200, height: 1800 },
      { width: 360, height: 540 },
    ],
    // A landscape is bounded by the width.
    [
      { width: 1600, height: 900 },
      { width: 800, height: 450 },
    ],
  ])('shows %o whole in 800×540 as %o', (image, shown) => {
    expect(fitSize(image, { width: 800, height: 540 })).toEqual(shown);
  });

  it('never enlarges a small image beyond its actual pixels', () => {
    expect(fitSize({ width: 300, height: 200 }, { width: 800, height: 540 })).toEqual({
      width: 300,
      height: 200,
    });
  });

  it('keeps the image size while the viewport is not measured yet', () => {
    expect(fitSize({ width: 1080, height: 1350 }, { width: 0, height: 540 })).toEqual({
      width: 1080,
      height: 1350,
    });
  });
});

describe('displayedSize', () => {
  it('shows actual pixels at 100 % and twice them at 200 %', () => {
    const image = { width: 1080, height: 1350 };
    expect(displayedSize(image, { width: 800, height: 540 }, 1)).toEqual(image);
    expect(displayedSize(image, { width: 800, height: 540 }, 2)).toEqual({ width: 2160, height: 2700 });
  });
});
