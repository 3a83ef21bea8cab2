/** Lower-case extension of a file name ("" when it has none or an odd one). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/**
 * A file name reduced to a blob or S3 key segment (the characters blob keys accept): no
 * separators, no leading dot, at most 100 characters.
 */
export function keySegmentOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[.]+/, '_')
    .slice(-100);
  return cleaned || 'file';
}
