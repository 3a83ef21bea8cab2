import { FLEET_WMIS, checkVin, decodeVin, vinCheckDigit } from './vin';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('vinCheckDigit (49 CFR 565.15(c))', () => {
  it.each([
    ['1G4AH59H45G118341', '4'],
    ['1J9RP1A36A1644345', '6'],
    ['KM8K2CAB4PU001140', '4'],
    // The popular sample VIN is wrong: it carries 3 where 7 belongs.
    ['1HGCM82633A123456', '7'],
    ['WVWZZZ1KZ8W123456', '6'],
  ])('%s → %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
  });

  it('gives X for a remainder of 10', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(checkVin('1M8GDM9AXKP042788')).toMatchObject({ ok: true, warnings: [] });
  });
});

describe('checkVin (issue 13 VIN rules)', () => {
  it.each(['1G4AH59H45G118341', '1J9RP1A36A1644345', 'KM8K2CAB4PU001140', ' 1g4ah59h45g118341 '])(
    'accepts the valid %j without warnings',
    (vin) => {
      expect(checkVin(vin)).toEqual({ ok: true, vin: vin.trim().toUpperCase(), warnings: [] });
    },
  );

  it('refuses a North-American VIN with a wrong check digit', () => {
    expect(checkVin('1HGCM82633A123456')).toEqual({
      ok: false,
      vin: '1HGCM82633A123456',
      problem: 'checkDigit',
    });
    expect(checkVin('1G4AH59H55G118341')).toMatchObject({ ok: false, problem: 'checkDigit' });
  });

  it('only warns about a wrong check digit outside North America (the European filler Z)', () => {
    expect(checkVin('WVWZZZ1KZ8W123456')).toEqual({
      ok: true,
      vin: 'WVWZZZ1KZ8W123456',
      warnings: ['checkDigit'],
    });
    expect(checkVin('KM8K2CAB5PU001140')).toMatchObject({ ok: true, warnings: ['checkDigit'] });
  });

  it.each([
    ['1G4AH59H45G11834', 'length'],
    ['1G4AH59H45G1183411', 'length'],
    ['', 'length'],
    ['1G4AH59H45G11834I', 'characters'],
    ['ZFAO1200000123456', 'characters'],
    ['ZFA3120000012345Q', 'characters'],
    ['ZFA-3120000012345', 'characters'],
  ])('refuses %j (%s)', (vin, problem) => {
    expect(checkVin(vin)).toMatchObject({ ok: false, problem });
  });
});

describe('decodeVin (offline, from the fleet WMI table and position 10)', () => {
  it('names the maker of a fleet WMI and the year of a North-American VIN by position 7', () => {
    expect(decodeVin('1G4AH59H45G118341', NOW)).toEqual({
      wmi: '1G4',
      manufacturer: FLEET_WMIS['1G4']!.manufacturer,
      country: 'US',
      modelYear: 2005,
      checkDigit: 'ok',
    });
    // Position 7 a letter: the 2010–2039 cycle.
    expect(decodeVin('1C4RJFBG5LC123456', NOW).modelYear).toBe(2020);
  });

  it('takes the latest year of the cycle not after next year elsewhere', () => {
    expect(decodeVin('KM8K2CAB4PU001140', NOW)).toMatchObject({ manufacturer: 'Hyundai', modelYear: 2023 });
    expect(decodeVin('ZFA31200000123456', NOW)).toMatchObject({
      manufacturer: 'Fiat',
      country: 'IT',
      modelYear: null,
      checkDigit: 'mismatch',
    });
    expect(decodeVin('ZARFAEAV5R7123456', NOW)).toMatchObject({
      manufacturer: 'Alfa Romeo',
      modelYear: 2024,
    });
  });

  it('leaves the maker unknown for a WMI outside the table', () => {
    expect(decodeVin('1J9RP1A36A1644345', NOW)).toMatchObject({ manufacturer: null, country: null });
  });
});
