import sharp from 'sharp';
import { iccDescription } from './icc-description';

/** A v2 profile carrying only a `desc` tag with `text`. */
function v2Profile(text: string): Buffer {
  const tag = Buffer.alloc(12 + text.length + 1);
  tag.write('desc', 0, 'latin1');
  tag.writeUInt32BE(text.length + 1, 8);
  tag.write(text, 12, 'latin1');
  const header = Buffer.alloc(132 + 12);
  header.writeUInt32BE(1, 128);
  header.write('desc', 132, 'latin1');
  header.writeUInt32BE(header.length, 136);
  header.writeUInt32BE(tag.length, 140);
  return Buffer.concat([header, tag]);
}

describe("an ICC profile's description", () => {
  it('reads the v2 ASCII form', () => {
    expect(iccDescription(v2Profile('Adobe RGB (1998)'))).toBe('Adobe RGB (1998)');
  });

  it('reads the profiles sharp embeds (v4 multi-localised text), leaving the profile as it was', async () => {
    const { icc } = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer()
      .then((jpeg) => sharp(jpeg).metadata());
    const before = Buffer.from(icc!);
    expect(iccDescription(icc!)).toMatch(/P3/);
    expect(icc!.equals(before)).toBe(true);
  });

  it('answers null for what is not a profile or has no description', () => {
    expect(iccDescription(Buffer.alloc(10))).toBeNull();
    expect(iccDescription(Buffer.alloc(200))).toBeNull();
    const cut = v2Profile('Display P3');
    expect(iccDescription(cut.subarray(0, cut.length - 8))).toBeNull();
  });
});
