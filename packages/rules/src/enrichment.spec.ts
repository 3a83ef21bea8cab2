import {
  copyrightTagsOf,
  COPYRIGHT_KEYS,
  ENRICHMENT_ERROR_CODES as CODES,
  INVALID_DATE_FORMAT,
  checkMetadataValue,
  copyrightMetadata,
  copyrightProblem,
  normalizePlate,
  parseSpecDate,
  plateFormatsOf,
  registryTitle,
  restrictionOf,
  RIGHTS_END_KEYS,
  rightsDatesOf,
  vinPlateProblem,
  type MetadataDefinitionSummary,
} from './enrichment';
import { HTTP_STATUS_OF_CODE } from './error-status';
import { E_CODES } from './errors';
import { LIMITS } from './limits';

describe('parseSpecDate (SPEC §5 dates)', () => {
  it.each([
    ['2026-03-07', '2026-03-07', '07/03/2026'],
    ['07-03-2026', '2026-03-07', '07/03/2026'],
    ['7/3/2026', '2026-03-07', '07/03/2026'],
    ['2026/12/31', '2026-12-31', '31/12/2026'],
    [' 29-02-2024 ', '2024-02-29', '29/02/2024'],
  ])('reads %j', (text, iso, display) => {
    expect(parseSpecDate(text)).toEqual({ ok: true, iso, display });
  });

  it.each([
    '',
    '2026-03',
    '2026.03.07',
    '32-01-2026',
    '01-13-2026',
    '00-01-2026',
    '01-01-26',
    '31-02-2026',
    '2026-03-07-01',
    'a-b-2026',
    '29-02-2025',
  ])('refuses %j with "Invalid date format"', (text) => {
    expect(parseSpecDate(text)).toEqual({ ok: false, message: INVALID_DATE_FORMAT });
  });
});

describe('plates (trimmed, upper-case, soft IT/FR/DE check)', () => {
  it('normalises what the user typed', () => {
    expect(normalizePlate('  ab 123\t cd ')).toBe('AB 123 CD');
  });

  it.each([
    ['AB 123 CD', ['IT', 'FR']],
    ['ab123cd', ['IT', 'FR']],
    ['SS-123-AB', ['IT']],
    ['AB 123 QC', ['FR']],
    ['M-AB 1234', ['DE']],
    ['B XY 12E', ['DE']],
  ])('%j matches %j', (plate, countries) => {
    expect(plateFormatsOf(plate)).toEqual(countries);
  });

  it.each(['AI 123 CD', 'UU 123 UU', 'ROMA 12345', 'X', '12345'])(
    '%j matches no format (a warning only)',
    (plate) => {
      expect(plateFormatsOf(plate)).toEqual([]);
    },
  );
});

describe('vinPlateProblem', () => {
  it('names the field of a refused VIN or a plate outside Latin-1', () => {
    expect(vinPlateProblem({ vin: '1HGCM82633A123456', targa: 'AB123CD' }, 2)).toEqual({
      code: CODES.VIN_INVALID,
      field: 'vin-2',
      problem: 'checkDigit',
    });
    expect(vinPlateProblem({ vin: '1G4AH59H45G118341', targa: 'Łódź 1' }, 3)).toMatchObject({
      code: CODES.NOT_LATIN1,
      field: 'targa-3',
    });
    expect(vinPlateProblem({ vin: 'WVWZZZ1KZ8W123456', targa: 'AB123CD' }, 1)).toBeNull();
    expect(vinPlateProblem({ vin: '', targa: 'AB123CD' }, 1)).toBeNull();
  });
});

describe('copyright options', () => {
  it('are stored as metadata, the second option of a kind with a -2 suffix', () => {
    expect(
      copyrightMetadata([
        { kind: 'landscape', state: 'presente', country: 'worldwide', perpetual: true },
        { kind: 'people', state: 'presente', toDate: '31/12/2027' },
        { kind: 'people', state: 'assente' },
      ]),
    ).toEqual([
      { key: 'landscape-state', value: 'presente' },
      { key: 'landscape-country', value: 'worldwide' },
      { key: 'landscape-perpetual', value: 'true' },
      { key: 'people-state', value: 'presente' },
      { key: 'people-todate', value: '2027-12-31' },
      { key: 'people-state-2', value: 'assente' },
    ]);
    expect(COPYRIGHT_KEYS).toHaveLength(2 * LIMITS.copyrightOptionsMax * 4);
  });

  it('refuses an unknown state, a bad date, or a present right without validity', () => {
    expect(copyrightProblem({ kind: 'people', state: 'maybe' as never })).toMatchObject({
      code: CODES.BAD_COPYRIGHT,
    });
    expect(copyrightProblem({ kind: 'people', state: 'presente', toDate: '2027-13-01' })).toMatchObject({
      code: CODES.INVALID_DATE,
    });
    expect(copyrightProblem({ kind: 'people', state: 'presente' })).toMatchObject({
      code: CODES.BAD_COPYRIGHT,
    });
    expect(copyrightProblem({ kind: 'landscape', state: 'non_necessario' })).toBeNull();
  });

  it('end on the to-dates the options write, which rightsDatesOf reads and nothing else', () => {
    const written = copyrightMetadata(
      Array.from({ length: LIMITS.copyrightOptionsMax }, () => [
        { kind: 'landscape' as const, state: 'presente' as const, toDate: '31/12/2027' },
        { kind: 'people' as const, state: 'presente' as const, toDate: '31/12/2027' },
      ]).flat(),
    );
    const toDates = written.filter((m) => m.key.includes('todate')).map((m) => m.key);
    expect(new Set([...toDates, 'todate'])).toEqual(new Set(RIGHTS_END_KEYS));
    expect(rightsDatesOf(written).copyrightEnds).toHaveLength(toDates.length);
    const notWritten = [
      { key: 'people-todate-1', value: '2027-12-31' },
      { key: 'copyrightdate', value: '2027-12-31' },
    ];
    expect(rightsDatesOf(notWritten).copyrightEnds).toEqual([]);
  });
});

describe('restrictionOf (SPEC §4 derived flags)', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('is restricted by an embargo after today', () => {
    expect(restrictionOf([{ key: 'embargodate', value: '2026-11-26' }], now)).toEqual({
      embargoActive: true,
      copyrightExpired: false,
      restricted: true,
    });
    expect(restrictionOf([{ key: 'embargodate', value: '2026-11-25' }], now).restricted).toBe(false);
  });

  it('is restricted by any copyright to-date before now', () => {
    expect(restrictionOf([{ key: 'people-todate-2', value: '2026-11-24' }], now)).toMatchObject({
      copyrightExpired: true,
      restricted: true,
    });
    expect(restrictionOf([{ key: 'todate', value: '24/11/2026' }], now).restricted).toBe(true);
    expect(restrictionOf([{ key: 'landscape-todate', value: '2026-11-25' }], now).restricted).toBe(false);
    expect(restrictionOf([{ key: 'date_to', value: '2020-01-01' }], now).restricted).toBe(false);
    expect(restrictionOf([], now).restricted).toBe(false);
  });
});

describe('checkMetadataValue', () => {
  const def = (type: MetadataDefinitionSummary['type']) => ({
    key: 'k',
    type,
    options: [
      { value: 'a', name: 'A' },
      { value: 'b', name: 'B' },
    ],
  });
  it('checks each type', () => {
    expect(checkMetadataValue(def('string'), 'caffè')).toEqual({ ok: true, value: 'caffè' });
    expect(checkMetadataValue(def('string'), '東京')).toMatchObject({ ok: false, code: CODES.NOT_LATIN1 });
    expect(checkMetadataValue(def('instant'), '07/03/2026')).toEqual({ ok: true, value: '2026-03-07' });
    expect(checkMetadataValue(def('instant'), '2026-3')).toMatchObject({ code: CODES.INVALID_DATE });
    expect(checkMetadataValue(def('singleEnum'), 'a')).toEqual({ ok: true, value: 'a' });
    expect(checkMetadataValue(def('singleEnum'), 'c')).toMatchObject({ code: CODES.BAD_METADATA_VALUE });
    expect(checkMetadataValue(def('multiEnum'), 'a, b')).toEqual({ ok: true, value: 'a,b' });
    expect(checkMetadataValue(def('multiEnum'), 'a,c')).toMatchObject({ code: CODES.BAD_METADATA_VALUE });
    expect(checkMetadataValue(def('boolean'), 'true')).toEqual({ ok: true, value: 'true' });
    expect(checkMetadataValue(def('boolean'), 'yes')).toMatchObject({ code: CODES.BAD_METADATA_VALUE });
  });
});

describe('enrichment codes and statuses', () => {
  it('answers bad input 400, SPEC §6 refusals 403', () => {
    expect(HTTP_STATUS_OF_CODE[CODES.TOO_MANY_VIN_PAIRS]).toBe(400);
    expect(HTTP_STATUS_OF_CODE[CODES.VIN_INVALID]).toBe(400);
    expect(HTTP_STATUS_OF_CODE[CODES.NOT_ALLOWED]).toBe(403);
  });

  it('treats product and tag lookups and the registry as loads, tag and metadata writes as refusals', () => {
    for (const code of ['E005', 'E006', 'E007', 'E008', E_CODES.REGISTRY_FAILED] as const)
      expect(HTTP_STATUS_OF_CODE[code]).toBe(503);
    for (const code of ['E032', 'E038', 'E045', E_CODES.SHARE_PUBLISH_FAILED] as const)
      expect(HTTP_STATUS_OF_CODE[code]).toBe(409);
  });
});

describe('registryTitle (SPEC §2)', () => {
  it('names type, name and sfId, without the name for ADP', () => {
    expect(registryTitle({ category: 'EVENT', registryType: 'Evento', name: 'Salone', sfId: 'SF-1' })).toBe(
      'Evento: Salone - Rif: SF-1',
    );
    expect(registryTitle({ category: 'ADP', registryType: 'ADP', name: 'x', sfId: 'SF-2' })).toBe(
      'ADP - Rif: SF-2',
    );
  });
});

describe('copyrightTagsOf (SPEC §3 copyright tags with the options)', () => {
  const all = () => undefined;

  it("tags each option's kind, and Copyright where rights are present", () => {
    expect(copyrightTagsOf([{ kind: 'people', state: 'presente', perpetual: true }], all)).toEqual([
      { prettyId: 'cr-people', contentIds: undefined },
      { prettyId: 'cr-copyright', contentIds: undefined },
    ]);
    expect(copyrightTagsOf([{ kind: 'landscape', state: 'assente' }], all)).toEqual([
      { prettyId: 'cr-landscape', contentIds: undefined },
    ]);
    expect(copyrightTagsOf([], all)).toEqual([]);
  });

  it('gives the Copyright tag to the assets its present kinds reach', () => {
    const reach = { people: ['a'], landscape: ['b', 'a'] };
    const options = [
      { kind: 'people' as const, state: 'presente' as const, perpetual: true },
      { kind: 'landscape' as const, state: 'presente' as const, perpetual: true },
    ];
    expect(copyrightTagsOf(options, (kind) => reach[kind])).toEqual([
      { prettyId: 'cr-landscape', contentIds: ['b', 'a'] },
      { prettyId: 'cr-people', contentIds: ['a'] },
      { prettyId: 'cr-copyright', contentIds: ['b', 'a'] },
    ]);
  });
});
