import {
  mayEditPreflightRules,
  DEFAULT_PREFLIGHT_RULES,
  PREFLIGHT_CHECKS,
  evaluatePreflight,
  parsePreflightRules,
  type PreflightCheck,
  type PreflightFacts,
  type PreflightRule,
} from './preflight';
import type { Role } from './roles';

/** A rule with a default id and action. */
type RuleInput = {
  [C in PreflightCheck]: Omit<Extract<PreflightRule, { check: C }>, 'id' | 'action'> &
    Partial<Pick<PreflightRule, 'id' | 'action'>>;
}[PreflightCheck];

const rule = (r: RuleInput): PreflightRule => ({ id: 'r', action: 'block', ...r });
const unknownTool = { unknown: 'toolMissing', tool: 'ffprobe' } as const;

/** One rule judged on the facts of its asset type. */
function judge(r: PreflightRule, facts: Omit<PreflightFacts, 'assetType'>) {
  const report = evaluatePreflight([r], { assetType: r.assetType, ...facts });
  expect(report.results).toHaveLength(1);
  return report.results[0]!;
}

describe('each check', () => {
  const format = rule({ assetType: 'IMAGE', check: 'format', params: { allowed: ['jpeg', 'png'] } });
  it('format', () => {
    expect(judge(format, { format: { value: 'png' } })).toMatchObject({ outcome: 'pass', actual: 'png' });
    expect(judge(format, { format: { value: 'gif' } })).toMatchObject({
      outcome: 'fail',
      actual: 'gif',
      target: { allowed: ['jpeg', 'png'] },
      message: { key: 'preflight.results.format', params: { actual: 'GIF', target: 'JPEG, PNG' } },
    });
    expect(judge(format, { format: { value: null } })).toMatchObject({
      outcome: 'fail',
      actual: null,
      message: { key: 'preflight.results.formatUnknown', params: { target: 'JPEG, PNG' } },
    });
  });

  const megapixels = rule({ assetType: 'IMAGE', check: 'minMegapixels', params: { min: 12 } });
  it('minMegapixels, shown rounded down', () => {
    expect(judge(megapixels, { dimensions: { value: { width: 4000, height: 3000 } } })).toMatchObject({
      outcome: 'pass',
      actual: 12,
    });
    expect(judge(megapixels, { dimensions: { value: { width: 3999, height: 2999 } } })).toMatchObject({
      outcome: 'fail',
      actual: 11.9,
      message: { key: 'preflight.results.minMegapixels', params: { actual: 11.9, target: 12 } },
    });
  });

  const side = rule({ assetType: 'VIDEO', check: 'minShorterSide', params: { min: 1080 } });
  it('minShorterSide, whichever side is shorter', () => {
    expect(judge(side, { dimensions: { value: { width: 1080, height: 1920 } } }).outcome).toBe('pass');
    expect(judge(side, { dimensions: { value: { width: 1280, height: 720 } } })).toMatchObject({
      outcome: 'fail',
      actual: 720,
      message: { key: 'preflight.results.minShorterSide', params: { actual: 720, target: 1080 } },
    });
  });

  const colour = rule({
    assetType: 'IMAGE',
    check: 'colourSpace',
    params: { allowed: ['srgb', 'adobergb'], iccRequired: true },
  });
  it('colourSpace and the ICC profile', () => {
    expect(judge(colour, { colour: { value: { space: 'adobergb', iccProfile: true } } })).toMatchObject({
      outcome: 'pass',
      message: { params: { actual: 'Adobe RGB', target: 'sRGB, Adobe RGB' } },
    });
    expect(judge(colour, { colour: { value: { space: 'cmyk', iccProfile: true } } })).toMatchObject({
      outcome: 'fail',
      actual: 'cmyk',
      message: { key: 'preflight.results.colourSpace', params: { actual: 'CMYK' } },
    });
    expect(judge(colour, { colour: { value: { space: 'xyz', iccProfile: true } } })).toMatchObject({
      outcome: 'fail',
      message: { params: { actual: 'xyz' } },
    });
    expect(judge(colour, { colour: { value: { space: 'srgb', iccProfile: false } } })).toMatchObject({
      outcome: 'fail',
      actual: false,
      message: { key: 'preflight.results.iccMissing' },
    });
    const noIcc = rule({ ...colour, params: { allowed: ['srgb'], iccRequired: false } } as PreflightRule);
    expect(judge(noIcc, { colour: { value: { space: 'srgb', iccProfile: false } } }).outcome).toBe('pass');
  });

  it('videoDuration, with one message per shape of range', () => {
    const between = rule({
      assetType: 'VIDEO',
      check: 'videoDuration',
      params: { minSeconds: 1, maxSeconds: 60 },
    });
    expect(judge(between, { durationSeconds: { value: 30 } }).outcome).toBe('pass');
    expect(judge(between, { durationSeconds: { value: 61 } })).toMatchObject({
      outcome: 'fail',
      actual: 61,
      target: { minSeconds: 1, maxSeconds: 60 },
      message: { key: 'preflight.results.durationBetween', params: { actual: 61, min: 1, max: 60 } },
    });
    const atLeast = rule({ assetType: 'VIDEO', check: 'videoDuration', params: { minSeconds: 5 } });
    expect(judge(atLeast, { durationSeconds: { value: 4.5 } })).toMatchObject({
      outcome: 'fail',
      message: { key: 'preflight.results.durationMin', params: { actual: 4.5, min: 5 } },
    });
    const atMost = rule({ assetType: 'VIDEO', check: 'videoDuration', params: { maxSeconds: 5 } });
    expect(judge(atMost, { durationSeconds: { value: 4.5 } })).toMatchObject({
      outcome: 'pass',
      message: { key: 'preflight.results.durationMax', params: { actual: 4.5, max: 5 } },
    });
  });

  it('frameRate, a list matched within a hundredth or a minimum', () => {
    const rates = rule({ assetType: 'VIDEO', check: 'frameRate', params: { allowed: [25, 29.97] } });
    expect(judge(rates, { framesPerSecond: { value: 30000 / 1001 } })).toMatchObject({
      outcome: 'pass',
      actual: 29.97,
    });
    expect(judge(rates, { framesPerSecond: { value: 30 } })).toMatchObject({
      outcome: 'fail',
      message: { key: 'preflight.results.frameRateAllowed', params: { actual: 30, target: '25 · 29.97' } },
    });
    const least = rule({ assetType: 'VIDEO', check: 'frameRate', params: { min: 25 } });
    expect(judge(least, { framesPerSecond: { value: 50 } }).outcome).toBe('pass');
    expect(judge(least, { framesPerSecond: { value: 24 } })).toMatchObject({
      outcome: 'fail',
      message: { key: 'preflight.results.frameRateMin', params: { actual: 24, target: 25 } },
    });
  });

  it('pdfPages', () => {
    const pages = rule({ assetType: 'DOCUMENT', check: 'pdfPages', params: { min: 1, max: 20 } });
    expect(judge(pages, { pages: { value: 20 } }).outcome).toBe('pass');
    expect(judge(pages, { pages: { value: 0 } })).toMatchObject({
      outcome: 'fail',
      actual: 0,
      message: { key: 'preflight.results.pagesBetween', params: { actual: 0, min: 1, max: 20 } },
    });
  });

  it('exactDuplicate', () => {
    const exact = rule({ assetType: 'AUDIO', check: 'exactDuplicate', params: {} });
    expect(judge(exact, { exactDuplicates: { value: [] } })).toMatchObject({ outcome: 'pass', actual: [] });
    expect(judge(exact, { exactDuplicates: { value: ['a-1', 'a-2'] } })).toMatchObject({
      outcome: 'fail',
      actual: ['a-1', 'a-2'],
      message: { key: 'preflight.results.exactDuplicate', params: { found: 2 } },
    });
  });

  it('nearDuplicate, within the rule distance, closest first', () => {
    const near = rule({ assetType: 'IMAGE', check: 'nearDuplicate', params: { maxDistance: 6 } });
    expect(judge(near, { nearDuplicates: { value: [{ assetId: 'far', distance: 7 }] } }).outcome).toBe(
      'pass',
    );
    const matches = [
      { assetId: 'b', distance: 6 },
      { assetId: 'far', distance: 7 },
      { assetId: 'a', distance: 2 },
    ];
    expect(judge(near, { nearDuplicates: { value: matches } })).toMatchObject({
      outcome: 'fail',
      actual: ['a', 'b'],
      message: { key: 'preflight.results.nearDuplicate', params: { found: 2, target: 6 } },
    });
  });

  it('vinCheckDigit, with the existing VIN rules: European and North-American alike, as normalised', () => {
    const vin = rule({ assetType: 'IMAGE', check: 'vinCheckDigit', params: {}, action: 'warn' });
    expect(judge(vin, { vins: { value: ['1m8gdm9a xkp042788', 'WVWZZZ1KZ8W123456'] } })).toMatchObject({
      outcome: 'fail',
      actual: ['WVWZZZ1KZ8W123456'],
      message: { key: 'preflight.results.vinCheckDigit', params: { found: 1 } },
    });
    expect(judge(vin, { vins: { value: ['1hgcm826 33a123456'] } })).toMatchObject({
      outcome: 'fail',
      actual: ['1HGCM82633A123456'],
    });
    expect(judge(vin, { vins: { value: ['1M8GDM9AXKP042788', 'NOT-A-VIN'] } }).outcome).toBe('pass');
    expect(judge(vin, { vins: { value: [] } }).outcome).toBe('pass');
  });

  const factOfEachCheck = [
    [format, 'format'],
    [megapixels, 'dimensions'],
    [side, 'dimensions'],
    [colour, 'colour'],
    [rule({ assetType: 'VIDEO', check: 'videoDuration', params: { minSeconds: 1 } }), 'durationSeconds'],
    [rule({ assetType: 'VIDEO', check: 'frameRate', params: { min: 1 } }), 'framesPerSecond'],
    [rule({ assetType: 'DOCUMENT', check: 'pdfPages', params: { min: 1 } }), 'pages'],
    [rule({ assetType: 'IMAGE', check: 'exactDuplicate', params: {} }), 'exactDuplicates'],
    [rule({ assetType: 'IMAGE', check: 'nearDuplicate', params: { maxDistance: 3 } }), 'nearDuplicates'],
    [rule({ assetType: 'IMAGE', check: 'vinCheckDigit', params: {} }), 'vins'],
  ] as const;
  it('covers every check with a cannot-run case', () => {
    expect(new Set(factOfEachCheck.map(([r]) => r.check))).toEqual(new Set(PREFLIGHT_CHECKS));
  });
  it.each(factOfEachCheck.map(([r, fact]) => [r.check, fact, r] as const))(
    '%s cannot run when its fact %s is unknown, and says why',
    (_check, fact, r) => {
      expect(judge(r, { [fact]: unknownTool })).toMatchObject({
        outcome: 'cannot-run',
        actual: null,
        target: r.params,
        message: { key: 'preflight.cannotRun.toolMissing', params: { tool: 'ffprobe' } },
      });
      expect(judge(r, { [fact]: { unknown: 'toolFailed', tool: 'sharp' } }).message).toEqual({
        key: 'preflight.cannotRun.toolFailed',
        params: { tool: 'sharp' },
      });
      expect(judge(r, {})).toMatchObject({
        outcome: 'cannot-run',
        message: { key: 'preflight.cannotRun.notExtracted', params: {} },
      });
    },
  );
});

describe('the verdict', () => {
  const warnFormat = rule({ id: 'w', assetType: 'IMAGE', check: 'format', params: { allowed: ['png'] }, action: 'warn' });
  const blockSide = rule({ id: 'b', assetType: 'IMAGE', check: 'minShorterSide', params: { min: 100 } });
  const videoRule = rule({ id: 'v', assetType: 'VIDEO', check: 'frameRate', params: { min: 25 } });
  const rules = [warnFormat, blockSide, videoRule];
  const facts = (format: 'png' | 'jpeg', side: number | null): PreflightFacts => ({
    assetType: 'IMAGE',
    format: { value: format },
    dimensions: side === null ? unknownTool : { value: { width: side, height: side } },
  });

  it('passes when every rule of the asset type passes, ignoring the other types', () => {
    const report = evaluatePreflight(rules, facts('png', 200));
    expect(report).toMatchObject({ verdict: 'pass', results: [{ ruleId: 'w' }, { ruleId: 'b' }] });
    expect(report.results).toHaveLength(2);
  });

  it('warns on a failed warning rule', () => {
    expect(evaluatePreflight(rules, facts('jpeg', 200)).verdict).toBe('warn');
  });

  it('blocks on a failed blocking rule, whatever else warns', () => {
    expect(evaluatePreflight(rules, facts('jpeg', 50)).verdict).toBe('block');
    expect(evaluatePreflight(rules, facts('png', 50)).verdict).toBe('block');
  });

  it('only warns when a blocking rule cannot run: shown, but a missing tool stops no delivery', () => {
    const report = evaluatePreflight(rules, facts('png', null));
    expect(report.verdict).toBe('warn');
    expect(report.results[1]).toMatchObject({ ruleId: 'b', action: 'block', outcome: 'cannot-run' });
  });

  it('passes an upload no rule is about', () => {
    expect(evaluatePreflight(rules, { assetType: 'AUDIO' })).toEqual({ verdict: 'pass', results: [] });
  });
}); // prettier-ignore

describe('mayEditPreflightRules', () => {
  it("lets an administrator edit their own department's rules, an organisation's administrator any, nobody else", () => {
    const admin = (department: string | null) => ({ roles: ['user', 'admin'] as Role[], department });
    expect(mayEditPreflightRules(admin('MARKETING'), 'marketing')).toBe(true);
    expect(mayEditPreflightRules(admin('MARKETING'), 'heritage')).toBe(false);
    expect(mayEditPreflightRules(admin(null), 'heritage')).toBe(true);
    expect(mayEditPreflightRules({ roles: ['user'], department: 'MARKETING' }, 'marketing')).toBe(false);
  });
});

describe('parsePreflightRules', () => {
  const problemsOf = (input: unknown) => {
    const parsed = parsePreflightRules(input);
    return parsed.ok ? [] : parsed.problems;
  };
  const valid = {
    id: 'side',
    assetType: 'IMAGE',
    check: 'minShorterSide',
    params: { min: 1080 },
    action: 'warn',
  };
  const withParams = (check: string, params: unknown, assetType = 'VIDEO') => [
    { ...valid, assetType, check, params },
  ];

  it('accepts the defaults, whole and as sent', () => {
    expect(parsePreflightRules(JSON.parse(JSON.stringify(DEFAULT_PREFLIGHT_RULES)))).toEqual({
      ok: true,
      rules: DEFAULT_PREFLIGHT_RULES,
    });
  });

  it('gives every asset type default rules', () => {
    expect(new Set(DEFAULT_PREFLIGHT_RULES.map((r) => r.assetType))).toEqual(new Set(['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT']));
  }); // prettier-ignore

  it('accepts nothing partly: one bad rule refuses the set', () => {
    const parsed = parsePreflightRules([valid, { ...valid, id: 'other', action: 'stop' }]);
    expect(parsed).toEqual({ ok: false, problems: [{ field: 'rules.1.action', problem: 'unknownValue' }] });
  });

  it.each([
    ['not a list', { rules: [] }, [{ field: 'rules', problem: 'invalid' }]],
    ['too many rules', Array.from({ length: 101 }, (_, i) => ({ ...valid, id: `r${i}` })), [{ field: 'rules', problem: 'tooMany' }]],
    ['a rule that is no object', [null], [{ field: 'rules.0', problem: 'invalid' }]],
    ['a missing id', [{ ...valid, id: undefined }], [{ field: 'rules.0.id', problem: 'required' }]],
    ['a bad id', [{ ...valid, id: 'Side Rule' }], [{ field: 'rules.0.id', problem: 'invalid' }]],
    ['two rules with one id', [valid, valid], [{ field: 'rules.1.id', problem: 'duplicate' }]],
    ['an unknown asset type', [{ ...valid, assetType: 'PAGE' }], [{ field: 'rules.0.assetType', problem: 'unknownValue' }]],
    ['an unknown check', [{ ...valid, check: 'dpi' }], [{ field: 'rules.0.check', problem: 'unknownValue' }]],
    ['a check of another asset type', withParams('pdfPages', { min: 1 }, 'IMAGE'), [{ field: 'rules.0.check', problem: 'notForAssetType' }]],
    ['an extra field', [{ ...valid, note: 'x' }], [{ field: 'rules.0.note', problem: 'unknownField' }]],
    ['missing params', [{ ...valid, params: undefined }], [{ field: 'rules.0.params', problem: 'required' }]],
    ['params that are no object', [{ ...valid, params: [1080] }], [{ field: 'rules.0.params', problem: 'invalid' }]],
    ['an extra param', withParams('minShorterSide', { min: 1, max: 2 }), [{ field: 'rules.0.params.max', problem: 'unknownField' }]],
    ['an empty format list', withParams('format', { allowed: [] }), [{ field: 'rules.0.params.allowed', problem: 'required' }]],
    ['an unknown format', withParams('format', { allowed: ['mp4', 'avi'] }), [{ field: 'rules.0.params.allowed.1', problem: 'unknownValue' }]],
    ['a repeated format', withParams('format', { allowed: ['mp4', 'mp4'] }), [{ field: 'rules.0.params.allowed.1', problem: 'duplicate' }]],
    ['zero megapixels', withParams('minMegapixels', { min: 0 }, 'IMAGE'), [{ field: 'rules.0.params.min', problem: 'outOfRange' }]],
    ['megapixels as text', withParams('minMegapixels', { min: '12' }, 'IMAGE'), [{ field: 'rules.0.params.min', problem: 'invalid' }]],
    ['a fractional side', withParams('minShorterSide', { min: 1080.5 }), [{ field: 'rules.0.params.min', problem: 'invalid' }]],
    ['an unknown colour space', withParams('colourSpace', { allowed: ['rgb'], iccRequired: true }, 'IMAGE'), [{ field: 'rules.0.params.allowed.0', problem: 'unknownValue' }]],
    ['no ICC choice', withParams('colourSpace', { allowed: ['srgb'] }, 'IMAGE'), [{ field: 'rules.0.params.iccRequired', problem: 'required' }]],
    ['a duration without bounds', withParams('videoDuration', {}), [{ field: 'rules.0.params.minSeconds', problem: 'required' }]],
    ['a duration minimum above its maximum', withParams('videoDuration', { minSeconds: 9, maxSeconds: 3 }), [{ field: 'rules.0.params.maxSeconds', problem: 'minAboveMax' }]],
    ['a negative duration', withParams('videoDuration', { minSeconds: -1 }), [{ field: 'rules.0.params.minSeconds', problem: 'outOfRange' }]],
    ['both rates and a minimum', withParams('frameRate', { allowed: [25], min: 25 }), [{ field: 'rules.0.params', problem: 'oneOfTwo' }]],
    ['neither rates nor a minimum', withParams('frameRate', {}), [{ field: 'rules.0.params', problem: 'oneOfTwo' }]],
    ['a rate of zero', withParams('frameRate', { allowed: [25, 0] }), [{ field: 'rules.0.params.allowed.1', problem: 'outOfRange' }]],
    ['zero pages', withParams('pdfPages', { min: 0 }, 'DOCUMENT'), [{ field: 'rules.0.params.min', problem: 'outOfRange' }]],
    ['params on a check without any', withParams('exactDuplicate', { strict: true }), [{ field: 'rules.0.params.strict', problem: 'unknownField' }]],
    ['a distance the search cannot reach', withParams('nearDuplicate', { maxDistance: 8 }, 'IMAGE'), [{ field: 'rules.0.params.maxDistance', problem: 'outOfRange' }]],
    ['a missing action', [{ ...valid, action: undefined }], [{ field: 'rules.0.action', problem: 'required' }]],
  ])('refuses %s', (_name, input, problems) => {
    expect(problemsOf(input)).toEqual(problems);
  }); // prettier-ignore

  it('names every problem of a rule at once', () => {
    expect(problemsOf([{ id: '', assetType: 'CAR', check: 'format', params: { allowed: 'jpeg' } }])).toEqual([
      { field: 'rules.0.id', problem: 'invalid' },
      { field: 'rules.0.assetType', problem: 'unknownValue' },
      { field: 'rules.0.action', problem: 'required' },
      { field: 'rules.0.params.allowed', problem: 'invalid' },
    ]);
  });
});
