import { DEFAULT_PREFLIGHT_RULES, parsePreflightRules } from '@paddock/rules';
import { draftOf, newDraft, paramKeysOf, problemsByRule, rulesOf } from './preflight-rule-drafts';

describe("the pre-flight rules' editor drafts (issue 27)", () => {
  it('gives back the default rules unchanged after a round trip through the fields', () => {
    const sent = rulesOf(DEFAULT_PREFLIGHT_RULES.map(draftOf));
    expect(sent).toEqual(DEFAULT_PREFLIGHT_RULES);
    expect(parsePreflightRules(sent)).toEqual({ ok: true, rules: DEFAULT_PREFLIGHT_RULES });
  });

  it('reads numbers, lists and frame rates from what was typed, and leaves an empty bound out', () => {
    const [duration, rates, formats] = [
      { ...newDraft('VIDEO', 'videoDuration', []), params: { minSeconds: ' 2 ', maxSeconds: '' } },
      { ...newDraft('VIDEO', 'frameRate', []), params: { allowed: '25, 29.97,,50' } },
      { ...newDraft('IMAGE', 'format', []), params: { allowed: 'jpeg ,png' } },
    ];
    expect(rulesOf([duration!, rates!, formats!]).map((rule) => rule.params)).toEqual([
      { minSeconds: 2 },
      { allowed: [25, 29.97, 50] },
      { allowed: ['jpeg', 'png'] },
    ]);
  });

  it('names a new rule after its type and check, never as one already in the list', () => {
    expect(newDraft('IMAGE', 'minShorterSide', [])).toMatchObject({
      id: 'image-min-shorter-side',
      action: 'warn',
      params: { min: '1080' },
    });
    expect(newDraft('IMAGE', 'minShorterSide', ['image-min-shorter-side']).id).toBe(
      'image-min-shorter-side-2',
    );
    expect(paramKeysOf('pdfPages')).toEqual(['min', 'max']);
    expect(paramKeysOf('exactDuplicate')).toEqual([]);
  });

  it('offers a frame rate as a list or a minimum, and sends the one filled in', () => {
    expect(paramKeysOf('frameRate')).toEqual(['allowed', 'min']);
    const byMinimum = { ...newDraft('VIDEO', 'frameRate', []), params: { allowed: '', min: '24' } };
    const [rule] = rulesOf([byMinimum]);
    expect(rule?.params).toEqual({ min: 24 });
    expect(parsePreflightRules([rule])).toMatchObject({ ok: true });
  });

  it("puts each of the hub's problems beside its rule and names the field", () => {
    const byRule = problemsByRule([
      { field: 'rules.2.params.min', problem: 'outOfRange' },
      { field: 'rules.2.action', problem: 'unknownValue' },
      { field: 'rules.0.params.allowed.1', problem: 'unknownValue' },
      { field: 'rules', problem: 'tooMany' },
    ]);
    expect(byRule.get(2)).toEqual([
      { param: 'min', problem: 'outOfRange' },
      { param: 'action', problem: 'unknownValue' },
    ]);
    expect(byRule.get(0)).toEqual([{ param: 'allowed', problem: 'unknownValue' }]);
    expect(byRule.get(-1)).toEqual([{ param: null, problem: 'tooMany' }]);
  });
});
