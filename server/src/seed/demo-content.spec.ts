import type { MediaToolName } from '../media/media-tools';
import { demoContents, planDemoAssets, skippedDemoAssetsLine } from './demo-content';

const assets = demoContents('MARKETING', 'Marketing').flatMap((plan) => plan.assets);
const extensionOf = (fileName: string) => fileName.split('.').pop();
const MADE_BY_FFMPEG = ['mp4', 'mp3', 'wav'];

describe('demo seed without a media tool', () => {
  it('skips exactly the demo videos and sounds when ffmpeg is missing, and makes the rest', () => {
    const installed = new Set<MediaToolName>([
      'ffprobe',
      'pdftoppm',
      'imagemagick',
      'ghostscript',
      'libreoffice',
    ]);

    const { make, skipped } = planDemoAssets(assets, installed);

    const madeByFfmpeg = assets.filter((a) => MADE_BY_FFMPEG.includes(extensionOf(a.fileName) ?? ''));
    expect(madeByFfmpeg.length).toBeGreaterThan(0);
    expect(skipped).toEqual(new Map([['ffmpeg', madeByFfmpeg.length]]));
    expect(make).toEqual(assets.filter((a) => !madeByFfmpeg.includes(a)));
  });

  it('makes every demo asset when the tools are there', () => {
    const { make, skipped } = planDemoAssets(assets, new Set<MediaToolName>(['ffmpeg']));
    expect(make).toEqual(assets);
    expect(skipped.size).toBe(0);
  });

  it('says what was skipped in one line naming the tool and its package', () => {
    expect(skippedDemoAssetsLine('ffmpeg', 8)).toBe(
      '8 demo assets skipped: ffmpeg is not installed (apt-get install ffmpeg); `npm run seed` adds them once it is',
    );
  });
});
