import {
  formatDateTime,
  formatBytes,
  formatDimensions,
  formatDuration,
  formatMetadataValue,
  formatNumber,
} from './format';

describe('formatting in the interface language', () => {
  it('writes sizes with the language decimal separator', () => {
    expect(formatBytes(1_363_148, 'it')).toBe('1,3 MB');
    expect(formatBytes(1_363_148, 'fr')).toBe('1,3 Mo');
    expect(formatBytes(1_363_148, 'en')).toBe('1.3 MB');
    expect(formatBytes(512, 'it')).toBe('512 B');
    expect(formatBytes(57_049, 'fr')).toBe('55,7 Ko');
    expect(formatBytes(512, 'fr')).toBe('512 o');
  });

  it('groups thousands as the language does', () => {
    expect(formatNumber(1234567, 'it')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    // French groups with a narrow no-break space.
    expect(formatNumber(1234567, 'fr')).toBe('1\u202f234\u202f567');
  });

  it('writes durations as m:ss or h:mm:ss and dimensions as a pair', () => {
    expect(formatDuration(4000)).toBe('0:04');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(formatDimensions(1080, 1350)).toBe('1080 × 1350');
  });

  it.each([
    ['size', '57049', 'it', '55,7 KB'],
    ['duration', '4000', 'fr', '0:04'],
    ['resolution', '1080x1350', 'en', '1080 × 1350'],
    ['dpi', '300', 'it', '300 dpi'],
    ['creation_date', '2026-03-05T10:00:00.000Z', 'fr', '05/03/2026'],
    ['dataeliminazione', String(Date.UTC(2026, 2, 9, 12) / 1000), 'it', '09/03/2026'],
    ['modelyear', '1966', 'en', '1966'],
    ['size', 'unknown', 'en', 'unknown'],
  ] as const)('shows metadata %s %j in %s as %j', (key, value, language, shown) => {
    expect(formatMetadataValue(key, value, language)).toBe(shown);
  });

  it('writes a date and time day first on the 24-hour clock in every language', () => {
    // Local time, as the reader's browser shows it.
    const iso = new Date(2026, 10, 26, 15, 4, 9).toISOString();
    expect(formatDateTime(iso, 'it')).toBe('26/11/2026, 15:04:09');
    expect(formatDateTime(iso, 'en')).toBe('26/11/2026, 15:04:09');
    expect(formatDateTime(iso, 'fr')).toBe('26/11/2026 15:04:09');
    expect(formatDateTime(null, 'en')).toBe('');
  });

  it('displays a copyright date only in a yyyy-mm-dd or dd-mm-yyyy form, as dd/MM/yyyy (SPEC §5)', () => {
    for (const key of ['copyrightdate', 'people-todate', 'landscape-todate-3']) {
      expect(formatMetadataValue(key, '2030-12-31', 'it')).toBe('31/12/2030');
      expect(formatMetadataValue(key, '31-12-2030', 'en')).toBe('31/12/2030');
      expect(formatMetadataValue(key, '31/12/2030', 'fr')).toBe('31/12/2030');
      for (const other of ['Dec 2030', '2030', '12-2030', '2030-13-01', '31-02-2030', 'soon'])
        expect(formatMetadataValue(key, other, 'en')).toBe('');
    }
    // Other metadata keep their value as stored.
    expect(formatMetadataValue('location', 'Dec 2030', 'en')).toBe('Dec 2030');
  });
});
