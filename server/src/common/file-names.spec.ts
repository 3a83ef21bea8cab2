import { extensionOf, keySegmentOf } from './file-names';

describe('file names', () => {
  it('reads a lower-case extension, or none for odd ones', () => {
    expect(extensionOf('Foto Mille Miglia.JPG')).toBe('jpg');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    for (const none of ['README', '.hidden', 'name.', 'x.ext with space', 'a.verylongextension'])
      expect(extensionOf(none)).toBe('');
  });

  it('reduces a file name to a safe key segment', () => {
    expect(keySegmentOf('C:\\photos\\Giulia 1965 (prova).jpg')).toBe('Giulia_1965__prova_.jpg');
    expect(keySegmentOf('../../etc/passwd')).toBe('passwd');
    expect(keySegmentOf('.env')).toBe('_env');
    expect(keySegmentOf('')).toBe('file');
    expect(keySegmentOf(`${'a'.repeat(150)}.png`)).toHaveLength(100);
  });
});
