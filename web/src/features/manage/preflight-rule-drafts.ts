import {
  PREFLIGHT_PARAM_FIELDS,
  startingParamsOf,
  type ContentType,
  type PreflightAction,
  type PreflightCheck,
  type PreflightParamKind,
  type PreflightRule,
  type PreflightRuleProblem,
} from '@paddock/rules';

/** A parameter as the editor's field holds it: numbers and lists as typed, a flag as ticked. */
export type DraftValue = string | boolean;

/** A rule being edited: its parameters as text until they are saved. */
export interface DraftRule {
  id: string;
  assetType: ContentType;
  check: PreflightCheck;
  action: PreflightAction;
  params: Record<string, DraftValue>;
}

export function paramKindOf(check: PreflightCheck, key: string): PreflightParamKind {
  return PREFLIGHT_PARAM_FIELDS[check].find((field) => field.key === key)?.kind ?? 'list';
}

function draftValueOf(value: unknown): DraftValue {
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined || value === null ? '' : String(value);
}

export function draftOf(rule: PreflightRule): DraftRule {
  return {
    id: rule.id,
    assetType: rule.assetType,
    check: rule.check,
    action: rule.action,
    params: Object.fromEntries(Object.entries(rule.params).map(([key, value]) => [key, draftValueOf(value)])),
  };
}

/** The fields a rule of this check has (a range's bounds and a frame rate's two ways are each optional). */
export function paramKeysOf(check: PreflightCheck): string[] {
  return PREFLIGHT_PARAM_FIELDS[check].map((field) => field.key);
}

/** A new rule of `check` for `assetType`, its id not taken yet, warning until the admin says block. */
export function newDraft(assetType: ContentType, check: PreflightCheck, taken: readonly string[]): DraftRule {
  const base = `${assetType}-${check}`.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return draftOf({ id, assetType, check, action: 'warn', params: startingParamsOf(check) } as PreflightRule);
}

function sentValueOf(kind: PreflightParamKind, value: DraftValue): unknown {
  if (kind === 'flag') return value === true;
  const text = String(value).trim();
  if (kind === 'number') return text === '' ? undefined : Number(text);
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  // An empty list is left out, as an empty bound: a frame rate asks for a list or a minimum.
  if (!items.length) return undefined;
  return kind === 'numberList' ? items.map(Number) : items;
}

/**
 * The rules as the hub takes them: numbers and lists from their text, an empty field left out.
 * The hub judges what is sent (parsePreflightRules) and names each problem.
 */
export function rulesOf(drafts: readonly DraftRule[]): PreflightRule[] {
  return drafts.map(
    ({ id, assetType, check, action, params }) =>
      ({
        id,
        assetType,
        check,
        action,
        params: Object.fromEntries(
          Object.entries(params)
            .map(([key, value]) => [key, sentValueOf(paramKindOf(check, key), value)] as const)
            .filter(([, value]) => value !== undefined),
        ),
      }) as PreflightRule,
  );
}

/** The hub's problems of each rule, by its place in the list; `param` names the field within the rule. */
export function problemsByRule(
  problems: readonly PreflightRuleProblem[],
): Map<number, { param: string | null; problem: PreflightRuleProblem['problem'] }[]> {
  const byRule = new Map<number, { param: string | null; problem: PreflightRuleProblem['problem'] }[]>();
  for (const { field, problem } of problems) {
    const match = /^rules\.(\d+)(?:\.(?:params\.)?([A-Za-z]+))?/.exec(field);
    const index = match ? Number(match[1]) : -1;
    byRule.set(index, [...(byRule.get(index) ?? []), { param: match?.[2] ?? null, problem }]);
  }
  return byRule;
}
