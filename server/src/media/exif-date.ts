/**
 * Reads EXIF DateTimeOriginal (0x9003, in the Exif sub-IFD) from the raw EXIF block sharp returns
 * (`metadata().exif`: "Exif\0\0" then a TIFF structure). Only this one tag is needed, so a small
 * bounds-checked walk instead of a dependency; anything malformed yields undefined.
 */
export function exifDateTimeOriginal(exif: Buffer | undefined): Date | undefined {
  if (!exif) return undefined;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));

  /** The value offset of `tag` in the IFD at `ifd`, or undefined. */
  const entry = (ifd: number, tag: number): { type: number; count: number; value: number } | undefined => {
    if (ifd + 2 > tiff.length) return undefined;
    const entries = u16(ifd);
    for (let i = 0; i < entries; i += 1) {
      const at = ifd + 2 + i * 12;
      if (at + 12 > tiff.length) return undefined;
      if (u16(at) === tag) return { type: u16(at + 2), count: u32(at + 4), value: u32(at + 8) };
    }
    return undefined;
  };

  const exifIfd = entry(u32(4), 0x8769);
  if (!exifIfd) return undefined;
  const original = entry(exifIfd.value, 0x9003);
  // ASCII "YYYY:MM:DD HH:MM:SS\0": 20 bytes, so always stored at an offset.
  if (!original || original.type !== 2 || original.count < 19) return undefined;
  if (original.value + 19 > tiff.length) return undefined;
  const text = tiff.toString('latin1', original.value, original.value + 19);
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  // EXIF stores camera-local time without a zone: read as UTC so the calendar date stays as shot.
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) || y < 1900 ? undefined : date;
}
