import sharp from 'sharp';
import { exifDateTimeOriginal } from './exif-date';

describe('exifDateTimeOriginal', () => {
  it('reads the shooting date of a photo, as written by the camera', async () => {
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: '2019:12:31 23:59:58' } })
      .toBuffer();
    const { exif } = await sharp(photo).metadata();
    expect(exifDateTimeOriginal(exif)).toEqual(new Date('2019-12-31T23:59:58Z'));
  });

  it('yields nothing for a photo without the date, no EXIF at all, or garbage', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Paddock' } })
      .toBuffer();
    expect(exifDateTimeOriginal((await sharp(plain).metadata()).exif)).toBeUndefined();
    expect(exifDateTimeOriginal(undefined)).toBeUndefined();
    expect(exifDateTimeOriginal(Buffer.from('Exif\0\0MM\0*\0\0\0\x08\xff\xff'))).toBeUndefined();
    expect(exifDateTimeOriginal(Buffer.alloc(3))).toBeUndefined();
  });
});
