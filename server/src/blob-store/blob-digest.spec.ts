import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobDigest, digestOf } from './blob-digest';

describe('BlobDigest', () => {
  it('measures the CRC-32 a ZIP carries (the check value of "123456789" is CBF43926)', async () => {
    expect(await digestOf(Readable.from([Buffer.from('12345'), Buffer.from('6789')]))).toEqual({
      size: 9,
      sha256: createHash('sha256').update('123456789').digest('hex'),
      crc32: 0xcbf43926,
    });
  });

  it('gives the same digest however the bytes are cut, and an empty one for no bytes', () => {
    const whole = new BlobDigest();
    whole.update(Buffer.from('paddock archive'));
    const cut = new BlobDigest();
    for (const part of ['pad', 'dock ', 'archive']) cut.update(Buffer.from(part));
    expect(cut.result()).toEqual(whole.result());
    expect(new BlobDigest().result()).toMatchObject({ size: 0, crc32: 0 });
  });
});
