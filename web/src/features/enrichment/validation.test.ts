import { ENRICHMENT_ERROR_CODES as CODES, type MetadataDefinitionSummary } from '@paddock/rules';
import { plateFeedback, stepProblems, vinFeedback } from './validation';
import { emptyCopyright, emptyWorkingState, type WorkingState } from './working-state';

const usage: MetadataDefinitionSummary = {
  id: 'u',
  key: 'utilizzo',
  classificationId: 'ggdyqo',
  names: { en: 'Usage' },
  type: 'singleEnum',
  mandatory: true,
  options: [{ value: 'stampa', name: 'Press' }],
};
const eventDate: MetadataDefinitionSummary = {
  ...usage,
  id: 'e',
  key: 'eventdate',
  type: 'instant',
  mandatory: false,
  options: [],
};

describe('VIN and plate as typed (issue 13)', () => {
  it('refuses a wrong North-American check digit, warns of another, decodes maker and model year', () => {
    expect(vinFeedback('1G4AH59H45G118342')).toMatchObject({ error: 'checkDigit' });
    expect(vinFeedback('1G4AH59H45G118341')).toMatchObject({
      error: null,
      checkDigitWarning: false,
      decode: { manufacturer: 'Buick', modelYear: 2005 },
    });
    expect(vinFeedback('WVWZZZ1KZ8W123456')).toMatchObject({
      error: null,
      checkDigitWarning: true,
      decode: { manufacturer: 'Volkswagen' },
    });
  });

  it('refuses a wrong length and I, O or Q; says nothing of an empty field', () => {
    expect(vinFeedback('ZFA3120000012345').error).toBe('length');
    expect(vinFeedback('ZFA3120000O123456').error).toBe('characters');
    expect(vinFeedback('  ')).toEqual({ error: null, checkDigitWarning: false, decode: null });
  });

  it('only warns of a plate in no IT, FR or DE format, and refuses non-Latin-1', () => {
    expect(plateFeedback(' ab 123 cd ')).toEqual({ latin1: true, formatWarning: false });
    expect(plateFeedback('M-AB 1234')).toEqual({ latin1: true, formatWarning: false });
    expect(plateFeedback('123 4567')).toEqual({ latin1: true, formatWarning: true });
    expect(plateFeedback('AB☃123')).toMatchObject({ latin1: false });
  });
});

describe('what keeps a step from going on', () => {
  const state = (over: Partial<WorkingState>): WorkingState => ({ ...emptyWorkingState(), ...over });

  it('step 1: a refused VIN names its field', () => {
    const problems = stepProblems(
      'product',
      state({
        vinTarga: [
          { vin: '', targa: '' },
          { vin: 'X', targa: '' },
        ],
      }),
      [],
      [],
    );
    expect(problems).toEqual([{ code: CODES.VIN_INVALID, field: 'vin-2', problem: 'length' }]);
  });

  it('step 2: a present copyright needs perpetual or a valid to-date; a mandatory value unless every asset has it', () => {
    const open = { ...emptyCopyright(), perpetual: false };
    expect(stepProblems('copyright', state({ copyright: [open] }), [usage], [])).toEqual([
      { field: 'copyright-1', code: CODES.BAD_COPYRIGHT, problem: 'validity' },
      { field: 'utilizzo', code: CODES.MANDATORY_MISSING },
    ]);
    const badDate = { ...open, toDate: '31/13/2030' };
    expect(stepProblems('copyright', state({ copyright: [badDate] }), [], [])).toEqual([
      { field: 'copyright-1', code: CODES.INVALID_DATE, problem: 'toDate' },
    ]);
    const everyAssetHasIt = [{ metadata: [{ key: 'utilizzo', value: 'stampa' }] }];
    expect(stepProblems('copyright', state({}), [usage], everyAssetHasIt)).toEqual([]);
    expect(stepProblems('copyright', state({ metadata: { utilizzo: 'stampa' } }), [usage], [])).toEqual([]);
    expect(stepProblems('copyright', state({ metadata: { utilizzo: 'radio' } }), [usage], [])).toEqual([
      { field: 'utilizzo', code: CODES.BAD_METADATA_VALUE },
    ]);
  });

  it('step 3: a date that is not one (SPEC §5 Invalid date format)', () => {
    expect(stepProblems('tag', state({ metadata: { eventdate: '2024-02-30' } }), [eventDate], [])).toEqual([
      { field: 'eventdate', code: CODES.INVALID_DATE },
    ]);
    expect(stepProblems('tag', state({ metadata: { eventdate: '29/02/2024' } }), [eventDate], [])).toEqual(
      [],
    );
  });
});
