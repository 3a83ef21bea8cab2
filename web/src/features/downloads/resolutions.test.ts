import { exceedingResolutions } from './resolutions';

describe('exceedingResolutions (SPEC §5 warning)', () => {
  it('names the sizes larger than the original in width or height', () => {
    expect(exceedingResolutions(['original', '1920x1080', '640x480'], { width: 800, height: 600 })).toEqual([
      '1920x1080',
    ]);
    // Wider than tall: 1280 wide fits, but 720 high does not fit a 700-high original.
    expect(exceedingResolutions(['1280x720'], { width: 3000, height: 700 })).toEqual(['1280x720']);
  });

  it('never warns about the original, nor when the original size is unknown', () => {
    expect(exceedingResolutions(['original'], { width: 10, height: 10 })).toEqual([]);
    expect(exceedingResolutions(['3840x2160'], undefined)).toEqual([]);
    expect(exceedingResolutions(['3840x2160'], { width: 100 })).toEqual([]);
  });
});
