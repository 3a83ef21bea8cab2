/**
 * The description of an ICC profile ("Adobe RGB (1998)", "Display P3"): what tells a wide-gamut
 * RGB from sRGB, since sharp names both `srgb`. Reads the `desc` tag of the tag table, in its v2
 * (`desc`, ASCII) or v4 (`mluc`, UTF-16BE, first record) form; null when there is none.
 */
export function iccDescription(profile: Buffer): string | null {
  if (profile.length < 132) return null;
  const tags = profile.readUInt32BE(128);
  for (let i = 0; i < tags && 132 + (i + 1) * 12 <= profile.length; i += 1) {
    const entry = 132 + i * 12;
    if (profile.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = profile.readUInt32BE(entry + 4);
    const size = profile.readUInt32BE(entry + 8);
    if (offset + size > profile.length || size < 12) return null;
    return descriptionOf(profile.subarray(offset, offset + size));
  }
  return null;
}

function descriptionOf(tag: Buffer): string | null {
  const type = tag.toString('latin1', 0, 4);
  if (type === 'desc') {
    const length = tag.readUInt32BE(8);
    if (12 + length > tag.length) return null;
    return clean(tag.toString('latin1', 12, 12 + length));
  }
  if (type === 'mluc' && tag.length >= 28) {
    const [length, offset] = [tag.readUInt32BE(20), tag.readUInt32BE(24)];
    if (offset + length > tag.length || length % 2) return null;
    // A copy: swap16 turns bytes in place, and the profile is the caller's.
    return clean(
      Buffer.from(tag.subarray(offset, offset + length))
        .swap16()
        .toString('utf16le'),
    );
  }
  return null;
}

function clean(text: string): string | null {
  const trimmed = text.replace(/\0+$/, '').trim();
  return trimmed || null;
}
