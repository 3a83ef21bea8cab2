import { CONTENT_TYPES, type ContentType } from './assets';
import { MAGIC_FORMATS, MAGIC_FORMAT_LABELS, type MagicFormat } from './magic-bytes';
import { NEAR_DUPLICATE_SEARCH_RADIUS } from './perceptual-hash';
import type { Role } from './roles';
import { checkVin } from './vin';

/**
 * Pre-flight before approval (issue 27 point 1; research ops-and-next-features §3 (c)): rules per
 * asset type that a department's admin edits, evaluated on the facts a server job extracts from
 * each upload. One definition for the job, the admin's rule editor and the badge beside a file.
 */

// ---------------------------------------------------------------------------------------------
// The rule model

export const PREFLIGHT_CHECKS = [
  'format',
  'minMegapixels',
  'minShorterSide',
  'colourSpace',
  'videoDuration',
  'frameRate',
  'pdfPages',
  'exactDuplicate',
  'nearDuplicate',
  'vinCheckDigit',
] as const;
export type PreflightCheck = (typeof PREFLIGHT_CHECKS)[number];

export const PREFLIGHT_ACTIONS = ['warn', 'block'] as const;
export type PreflightAction = (typeof PREFLIGHT_ACTIONS)[number];

/** Colour spaces the job names (from sharp's `space` and the ICC profile's description). */
export const COLOUR_SPACES = ['srgb', 'adobergb', 'displayp3', 'prophoto', 'cmyk', 'gray', 'lab'] as const;
export type ColourSpace = (typeof COLOUR_SPACES)[number];

export const COLOUR_SPACE_LABELS: Record<ColourSpace, string> = {
  srgb: 'sRGB',
  adobergb: 'Adobe RGB',
  displayp3: 'Display P3',
  prophoto: 'ProPhoto RGB',
  cmyk: 'CMYK',
  gray: 'Gray',
  lab: 'Lab',
};

/** Each check's parameters; a range needs at least one bound. */
export interface PreflightParams {
  format: { allowed: MagicFormat[] };
  minMegapixels: { min: number };
  minShorterSide: { min: number };
  colourSpace: { allowed: ColourSpace[]; iccRequired: boolean };
  videoDuration: { minSeconds?: number; maxSeconds?: number };
  /** Either a list of rates (matched within FRAME_RATE_TOLERANCE) or a minimum, not both. */
  frameRate: { allowed: number[] } | { min: number };
  /** Pages of a PDF, or of the PDF an office document is converted to. */
  pdfPages: { min?: number; max?: number };
  /** Archived assets with the same SHA-256 of the bytes. */
  exactDuplicate: Record<string, never>;
  /** Archived assets whose perceptual hash is within maxDistance bits. */
  nearDuplicate: { maxDistance: number };
  /** VINs found on the upload whose check digit does not match (ISO 3779 makes it optional). */
  vinCheckDigit: Record<string, never>;
}

/** How a parameter is typed: a number, a list of names, a list of numbers, or a flag. */
export type PreflightParamKind = 'number' | 'list' | 'numberList' | 'flag';

/**
 * Each check's parameters, in the order an editor shows them, with their kind: the one table the
 * validator (unknown fields) and the administrators' editor (its fields) both read.
 */
export const PREFLIGHT_PARAM_FIELDS: {
  [C in PreflightCheck]: readonly { key: string; kind: PreflightParamKind }[];
} = {
  format: [{ key: 'allowed', kind: 'list' }],
  minMegapixels: [{ key: 'min', kind: 'number' }],
  minShorterSide: [{ key: 'min', kind: 'number' }],
  colourSpace: [
    { key: 'allowed', kind: 'list' },
    { key: 'iccRequired', kind: 'flag' },
  ],
  videoDuration: [
    { key: 'minSeconds', kind: 'number' },
    { key: 'maxSeconds', kind: 'number' },
  ],
  frameRate: [
    { key: 'allowed', kind: 'numberList' },
    { key: 'min', kind: 'number' },
  ],
  pdfPages: [
    { key: 'min', kind: 'number' },
    { key: 'max', kind: 'number' },
  ],
  exactDuplicate: [],
  nearDuplicate: [{ key: 'maxDistance', kind: 'number' }],
  vinCheckDigit: [],
};

const paramKeys = (check: PreflightCheck) => PREFLIGHT_PARAM_FIELDS[check].map((field) => field.key);

export type PreflightRule = {
  [C in PreflightCheck]: {
    /** Stable within a department's rule set: results name the rule they come from. */
    id: string;
    assetType: ContentType;
    check: C;
    params: PreflightParams[C];
    action: PreflightAction;
  };
}[PreflightCheck];

/** Which checks mean something for which asset type (the job extracts only these facts). */
export const PREFLIGHT_CHECKS_BY_ASSET_TYPE: Record<ContentType, readonly PreflightCheck[]> = {
  IMAGE: [
    'format',
    'minMegapixels',
    'minShorterSide',
    'colourSpace',
    'exactDuplicate',
    'nearDuplicate',
    'vinCheckDigit',
  ],
  VIDEO: [
    'format',
    'minShorterSide',
    'videoDuration',
    'frameRate',
    'exactDuplicate',
    'nearDuplicate',
    'vinCheckDigit',
  ],
  AUDIO: ['format', 'exactDuplicate'],
  DOCUMENT: ['format', 'pdfPages', 'exactDuplicate', 'vinCheckDigit'],
};

/** 29.97 stands for 30000/1001 and 23.976 for 24000/1001. */
export const FRAME_RATE_TOLERANCE = 0.01;

// ---------------------------------------------------------------------------------------------
// Default rules (seeded per department)

export const DEFAULT_PREFLIGHT_RULES: readonly PreflightRule[] = [
  // What the derivatives pipeline previews and the brand sites publish; a renamed file of another kind never reaches approval.
  {
    id: 'image-format',
    assetType: 'IMAGE',
    check: 'format',
    params: { allowed: ['jpeg', 'png', 'tiff', 'webp', 'heic', 'psd'] },
    action: 'block',
  },
  // Below full HD on its shorter side a picture fills neither a 1920×1080 screen nor a 1080×1080 post.
  {
    id: 'image-shorter-side',
    assetType: 'IMAGE',
    check: 'minShorterSide',
    params: { min: 1080 },
    action: 'block',
  },
  // Print and large-format campaigns need 12 MP (A4 at 300 dpi is 8.7 MP); smaller still serves the web, hence a warning.
  { id: 'image-megapixels', assetType: 'IMAGE', check: 'minMegapixels', params: { min: 12 }, action: 'warn' },
  // Paint colours must look right: RGB with an embedded profile; CMYK is the print agency's conversion, not a delivery.
  {
    id: 'image-colour',
    assetType: 'IMAGE',
    check: 'colourSpace',
    params: { allowed: ['srgb', 'adobergb', 'displayp3'], iccRequired: true },
    action: 'warn',
  },
  // The same bytes already archived: a second copy would split rights and metadata between two assets.
  { id: 'image-exact-duplicate', assetType: 'IMAGE', check: 'exactDuplicate', params: {}, action: 'block' },
  // Resizes and re-exports measured 1–5 bits apart (research next-wave F, to calibrate on real assets); a variant may be wanted.
  {
    id: 'image-near-duplicate',
    assetType: 'IMAGE',
    check: 'nearDuplicate',
    params: { maxDistance: 6 },
    action: 'warn',
  },
  // European VINs may legally fail the check digit (ISO 3779): a prompt to re-read the plate, never a refusal.
  { id: 'image-vin', assetType: 'IMAGE', check: 'vinCheckDigit', params: {}, action: 'warn' },
  // The containers the player and the proxy transcoder handle.
  {
    id: 'video-format',
    assetType: 'VIDEO',
    check: 'format',
    params: { allowed: ['mp4', 'mov'] },
    action: 'block',
  },
  // Brand films are delivered in full HD at least; a smaller one still serves social stories.
  {
    id: 'video-shorter-side',
    assetType: 'VIDEO',
    check: 'minShorterSide',
    params: { min: 1080 },
    action: 'warn',
  },
  // Under a second is a failed export; over 30 minutes is a raw rush rather than a deliverable.
  {
    id: 'video-duration',
    assetType: 'VIDEO',
    check: 'videoDuration',
    params: { minSeconds: 1, maxSeconds: 1800 },
    action: 'warn',
  },
  // Cinema, European and American broadcast rates: any other rate judders on TV and in showrooms.
  {
    id: 'video-frame-rate',
    assetType: 'VIDEO',
    check: 'frameRate',
    params: { allowed: [23.976, 24, 25, 29.97, 30, 50, 59.94, 60] },
    action: 'warn',
  },
  // As for images: one asset per film.
  { id: 'video-exact-duplicate', assetType: 'VIDEO', check: 'exactDuplicate', params: {}, action: 'block' },
  // What players read; a WAV master is welcome, an unknown format would not even preview.
  {
    id: 'audio-format',
    assetType: 'AUDIO',
    check: 'format',
    params: { allowed: ['mp3', 'wav', 'm4a'] },
    action: 'block',
  },
  // As for images: one asset per recording.
  { id: 'audio-exact-duplicate', assetType: 'AUDIO', check: 'exactDuplicate', params: {}, action: 'block' },
  // Documents come in many kinds (price lists, press kits): an unusual one is worth a look, not a refusal.
  {
    id: 'document-format',
    assetType: 'DOCUMENT',
    check: 'format',
    params: { allowed: ['pdf', 'zip', 'eps'] },
    action: 'warn',
  },
  // A document without a page is a broken export.
  { id: 'document-pages', assetType: 'DOCUMENT', check: 'pdfPages', params: { min: 1 }, action: 'block' },
  // As for images: one asset per document.
  {
    id: 'document-exact-duplicate',
    assetType: 'DOCUMENT',
    check: 'exactDuplicate',
    params: {},
    action: 'block',
  },
];

/**
 * Who edits a department's pre-flight rules: an administrator of that department, or one of no
 * department (the organisation's). Every administrator may read them; changing another
 * department's checks is for that department's administrators, as acting there is (SPEC §6).
 */
export function mayEditPreflightRules(
  user: { roles: readonly Role[]; department: string | null },
  department: string,
): boolean {
  if (!user.roles.includes('admin')) return false;
  return user.department === null || user.department.toLowerCase() === department.toLowerCase();
}

/** The parameters a new rule of a check starts with in the admin's editor: the defaults' own where they have it. */
export function startingParamsOf(check: PreflightCheck): PreflightParams[PreflightCheck] {
  const used = DEFAULT_PREFLIGHT_RULES.find((rule) => rule.check === check);
  if (used) return JSON.parse(JSON.stringify(used.params)) as PreflightParams[PreflightCheck];
  const starting: Partial<{ [C in PreflightCheck]: PreflightParams[C] }> = {
    minMegapixels: { min: 12 },
    colourSpace: { allowed: ['srgb'], iccRequired: false },
    frameRate: { allowed: [25] },
    nearDuplicate: { maxDistance: 6 },
    vinCheckDigit: {},
  };
  return JSON.parse(JSON.stringify(starting[check] ?? {})) as PreflightParams[PreflightCheck];
}

// ---------------------------------------------------------------------------------------------
// Validation of a rule set as an admin sends it

/** Bounds of what an admin may ask: beyond them a rule is a typo, not a policy. */
export const PREFLIGHT_LIMITS = {
  rules: 100,
  megapixels: 500,
  side: 100_000,
  seconds: 86_400,
  frameRate: 240,
  pages: 100_000,
} as const;

/** `[a-z0-9-]`, 1–64 characters: readable in stored results. */
const RULE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export type PreflightRuleProblemKind =
  | 'required'
  | 'invalid'
  | 'unknownField'
  | 'unknownValue'
  | 'notForAssetType'
  | 'outOfRange'
  | 'minAboveMax'
  | 'oneOfTwo'
  | 'duplicate'
  | 'tooMany';

/** What is wrong, and where (`rules.2.params.min`); the web shows `preflight.problems.<problem>`. */
export interface PreflightRuleProblem {
  field: string;
  problem: PreflightRuleProblemKind;
}

type Fields = Record<string, unknown>;
type Problems = PreflightRuleProblem[];

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problem(field: string, kind: PreflightRuleProblemKind): Problems {
  return [{ field, problem: kind }];
}

/** Fields the model does not know are refused, as the hub's ValidationPipe does. */
function unknownFields(value: Fields, known: readonly string[], at: string): Problems {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .flatMap((key) => problem(`${at}.${key}`, 'unknownField'));
}

interface NumberBounds {
  min: number;
  max: number;
  integer?: boolean;
  /** The lower bound itself is refused (a minimum of 0 megapixels asks nothing). */
  exclusiveMin?: boolean;
}

function numberProblems(value: unknown, field: string, bounds: NumberBounds): Problems {
  if (value === undefined) return problem(field, 'required');
  if (typeof value !== 'number' || !Number.isFinite(value) || (bounds.integer && !Number.isInteger(value)))
    return problem(field, 'invalid');
  const low = bounds.exclusiveMin ? value <= bounds.min : value < bounds.min;
  return low || value > bounds.max ? problem(field, 'outOfRange') : [];
}

/** A non-empty list of distinct values, each accepted by `valueProblems`. */
function listProblems(
  value: unknown,
  field: string,
  valueProblems: (item: unknown, at: string) => Problems,
): Problems {
  if (value === undefined) return problem(field, 'required');
  if (!Array.isArray(value)) return problem(field, 'invalid');
  if (value.length === 0) return problem(field, 'required');
  const items = value.flatMap((item, i) => valueProblems(item, `${field}.${i}`));
  const repeated = value.findIndex((item, i) => value.indexOf(item) !== i);
  return repeated >= 0 ? [...items, ...problem(`${field}.${repeated}`, 'duplicate')] : items;
}

function oneOf(values: readonly string[]) {
  return (item: unknown, at: string): Problems =>
    (values as readonly unknown[]).includes(item) ? [] : problem(at, 'unknownValue');
}

/** Optional bounds of a range, at least one, the lower not above the upper. */
function rangeProblems(
  params: Fields,
  at: string,
  [low, high]: [string, string],
  bounds: NumberBounds,
): Problems {
  const given = [low, high].filter((key) => params[key] !== undefined);
  if (given.length === 0) return problem(`${at}.${low}`, 'required');
  const problems = given.flatMap((key) => numberProblems(params[key], `${at}.${key}`, bounds));
  const [min, max] = [params[low], params[high]];
  if (problems.length === 0 && typeof min === 'number' && typeof max === 'number' && min > max)
    return problem(`${at}.${high}`, 'minAboveMax');
  return problems;
}

const PARAM_PROBLEMS: { [C in PreflightCheck]: (params: Fields, at: string) => Problems } = {
  format: (p, at) => [
    ...unknownFields(p, paramKeys('format'), at),
    ...listProblems(p.allowed, `${at}.allowed`, oneOf(MAGIC_FORMATS)),
  ],
  minMegapixels: (p, at) => [
    ...unknownFields(p, paramKeys('minMegapixels'), at),
    ...numberProblems(p.min, `${at}.min`, { min: 0, max: PREFLIGHT_LIMITS.megapixels, exclusiveMin: true }),
  ],
  minShorterSide: (p, at) => [
    ...unknownFields(p, paramKeys('minShorterSide'), at),
    ...numberProblems(p.min, `${at}.min`, { min: 1, max: PREFLIGHT_LIMITS.side, integer: true }),
  ],
  colourSpace: (p, at) => [
    ...unknownFields(p, paramKeys('colourSpace'), at),
    ...listProblems(p.allowed, `${at}.allowed`, oneOf(COLOUR_SPACES)),
    ...(typeof p.iccRequired === 'boolean'
      ? []
      : problem(`${at}.iccRequired`, p.iccRequired === undefined ? 'required' : 'invalid')),
  ],
  videoDuration: (p, at) => [
    ...unknownFields(p, paramKeys('videoDuration'), at),
    ...rangeProblems(p, at, ['minSeconds', 'maxSeconds'], { min: 0, max: PREFLIGHT_LIMITS.seconds }),
  ],
  frameRate: (p, at) => {
    const rate: NumberBounds = { min: 0, max: PREFLIGHT_LIMITS.frameRate, exclusiveMin: true };
    const unknown = unknownFields(p, paramKeys('frameRate'), at);
    if ((p.allowed === undefined) === (p.min === undefined)) return [...unknown, ...problem(at, 'oneOfTwo')];
    return [
      ...unknown,
      ...(p.allowed === undefined
        ? numberProblems(p.min, `${at}.min`, rate)
        : listProblems(p.allowed, `${at}.allowed`, (item, field) => numberProblems(item, field, rate))),
    ];
  },
  pdfPages: (p, at) => [
    ...unknownFields(p, paramKeys('pdfPages'), at),
    ...rangeProblems(p, at, ['min', 'max'], { min: 1, max: PREFLIGHT_LIMITS.pages, integer: true }),
  ],
  exactDuplicate: (p, at) => unknownFields(p, paramKeys('exactDuplicate'), at),
  nearDuplicate: (p, at) => [
    ...unknownFields(p, paramKeys('nearDuplicate'), at),
    ...numberProblems(p.maxDistance, `${at}.maxDistance`, {
      min: 0,
      max: NEAR_DUPLICATE_SEARCH_RADIUS,
      integer: true,
    }),
  ],
  vinCheckDigit: (p, at) => unknownFields(p, paramKeys('vinCheckDigit'), at),
};

function isCheck(value: unknown): value is PreflightCheck {
  return (PREFLIGHT_CHECKS as readonly unknown[]).includes(value);
}

function isAssetType(value: unknown): value is ContentType {
  return (CONTENT_TYPES as readonly unknown[]).includes(value);
}

function enumProblems(value: unknown, field: string, values: readonly string[]): Problems {
  if (value === undefined) return problem(field, 'required');
  return (values as readonly unknown[]).includes(value) ? [] : problem(field, 'unknownValue');
}

function ruleProblems(rule: unknown, at: string): Problems {
  if (!isFields(rule)) return problem(at, 'invalid');
  const { id, assetType, check, params, action } = rule;
  const problems = [
    ...unknownFields(rule, ['id', 'assetType', 'check', 'params', 'action'], at),
    ...(id === undefined ? problem(`${at}.id`, 'required') : []),
    ...(id !== undefined && (typeof id !== 'string' || !RULE_ID.test(id))
      ? problem(`${at}.id`, 'invalid')
      : []),
    ...enumProblems(assetType, `${at}.assetType`, CONTENT_TYPES),
    ...enumProblems(check, `${at}.check`, PREFLIGHT_CHECKS),
    ...enumProblems(action, `${at}.action`, PREFLIGHT_ACTIONS),
  ];
  if (isCheck(check) && isAssetType(assetType) && !PREFLIGHT_CHECKS_BY_ASSET_TYPE[assetType].includes(check))
    problems.push(...problem(`${at}.check`, 'notForAssetType'));
  if (!isCheck(check)) return problems;
  if (params === undefined) return [...problems, ...problem(`${at}.params`, 'required')];
  if (!isFields(params)) return [...problems, ...problem(`${at}.params`, 'invalid')];
  return [...problems, ...PARAM_PROBLEMS[check](params, `${at}.params`)];
}

function duplicateIdProblems(rules: readonly unknown[]): Problems {
  const ids = rules.map((rule) => (isFields(rule) ? rule.id : undefined));
  return ids.flatMap((id, i) =>
    typeof id === 'string' && ids.indexOf(id) !== i ? problem(`rules.${i}.id`, 'duplicate') : [],
  );
}

/**
 * A department's rule set as the admin sends it: every problem, each with its field, and then
 * either all the rules or none (a half-saved policy would pass files the admin meant to stop).
 */
export function parsePreflightRules(
  input: unknown,
): { ok: true; rules: PreflightRule[] } | { ok: false; problems: PreflightRuleProblem[] } {
  if (!Array.isArray(input)) return { ok: false, problems: problem('rules', 'invalid') };
  if (input.length > PREFLIGHT_LIMITS.rules) return { ok: false, problems: problem('rules', 'tooMany') };
  const problems = [
    ...input.flatMap((rule, i) => ruleProblems(rule, `rules.${i}`)),
    ...duplicateIdProblems(input),
  ];
  // Every field was checked above and no other field is allowed: the input is the rule set.
  return problems.length ? { ok: false, problems } : { ok: true, rules: input as PreflightRule[] };
}

// ---------------------------------------------------------------------------------------------
// Facts and evaluation

/** Why a fact is missing: its tool is not installed, it failed on this file, or the job never read it. */
export type FactUnknownReason = 'toolMissing' | 'toolFailed' | 'notExtracted';

/** A fact the job could not read; `tool` names the program (ffprobe, sharp, pdfinfo…). */
export interface UnknownFact {
  unknown: Exclude<FactUnknownReason, 'notExtracted'>;
  tool: string;
}

export type Fact<T> = { value: T } | UnknownFact;

/** An archived asset whose perceptual hash is near the upload's. */
export interface NearMatch {
  assetId: string;
  distance: number;
}

/** A COLOUR_SPACES name, or whatever other name the tool gave; whether an ICC profile is embedded. */
export interface ColourFact {
  space: string;
  iccProfile: boolean;
}

/**
 * What the pre-flight job extracts from one upload. A fact left out counts as unknown: a rule
 * that reads it cannot run, and never passes.
 */
export interface PreflightFacts {
  /** The upload's content type: only the rules of this type apply. */
  assetType: ContentType;
  /** formatOfMagicBytes (magic-bytes.ts) on the first MAGIC_HEAD_LENGTH bytes; null when unrecognised. */
  format?: Fact<MagicFormat | null>;
  /** Pixels of an image or of a video's picture. */
  dimensions?: Fact<{ width: number; height: number }>;
  colour?: Fact<ColourFact>;
  durationSeconds?: Fact<number>;
  framesPerSecond?: Fact<number>;
  pages?: Fact<number>;
  /** Ids of archived assets with the same SHA-256. */
  exactDuplicates?: Fact<string[]>;
  /** Archived assets found within NEAR_DUPLICATE_SEARCH_RADIUS, with their distance. */
  nearDuplicates?: Fact<NearMatch[]>;
  /** VINs found on the upload (its metadata and file name), as typed. */
  vins?: Fact<string[]>;
}

export type PreflightOutcome = 'pass' | 'fail' | 'cannot-run';
export type PreflightVerdict = 'pass' | 'warn' | 'block';

/** What was measured, as stored with the result (null when the rule could not run). */
export type PreflightValue = string | number | boolean | readonly (string | number)[] | null;

/** An i18n key (under `preflight.`) and its parameters, for the supplier and the approver. */
export interface PreflightMessage {
  key: string;
  params: Record<string, string | number>;
}

export interface PreflightResult {
  ruleId: string;
  check: PreflightCheck;
  action: PreflightAction;
  outcome: PreflightOutcome;
  actual: PreflightValue;
  /** What the rule asked: its params, so a later edit of the rule does not rewrite old results. */
  target: PreflightRule['params'];
  message: PreflightMessage;
}

export interface PreflightReport {
  verdict: PreflightVerdict;
  results: PreflightResult[];
}

type Judged = Pick<PreflightResult, 'outcome' | 'actual' | 'message'>;
type Size = { width: number; height: number };

function judged(
  passes: boolean,
  actual: PreflightValue,
  key: string,
  params: PreflightMessage['params'],
): Judged {
  return { outcome: passes ? 'pass' : 'fail', actual, message: { key: `preflight.results.${key}`, params } };
}

function labelOf(value: string, names: Readonly<Record<string, string>>): string {
  return names[value] ?? value;
}

function labels(values: readonly string[], names: Readonly<Record<string, string>>): string {
  return values.map((value) => labelOf(value, names)).join(', ');
}

function judgeFormat({ allowed }: PreflightParams['format'], format: MagicFormat | null): Judged {
  const target = labels(allowed, MAGIC_FORMAT_LABELS);
  if (format === null) return judged(false, null, 'formatUnknown', { target });
  return judged(allowed.includes(format), format, 'format', { actual: MAGIC_FORMAT_LABELS[format], target });
}

/** Megapixels shown rounded down: 11.96 MP must not read "12.0" beside a failed minimum of 12. */
function judgeMegapixels({ min }: PreflightParams['minMegapixels'], { width, height }: Size): Judged {
  const actual = Math.floor((width * height) / 100_000) / 10;
  return judged(width * height >= min * 1_000_000, actual, 'minMegapixels', { actual, target: min });
}

function judgeShorterSide({ min }: PreflightParams['minShorterSide'], { width, height }: Size): Judged {
  const actual = Math.min(width, height);
  return judged(actual >= min, actual, 'minShorterSide', { actual, target: min });
}

function judgeColour(params: PreflightParams['colourSpace'], { space, iccProfile }: ColourFact): Judged {
  const allowed = (params.allowed as readonly string[]).includes(space);
  if (allowed && params.iccRequired && !iccProfile) return judged(false, false, 'iccMissing', {});
  const target = labels(params.allowed, COLOUR_SPACE_LABELS);
  return judged(allowed, space, 'colourSpace', { actual: labelOf(space, COLOUR_SPACE_LABELS), target });
}

/** One message per shape of range, so each language words "at least", "at most" and "between" its own way. */
function judgeRange(key: string, actual: number, min: number | undefined, max: number | undefined): Judged {
  const passes = (min === undefined || actual >= min) && (max === undefined || actual <= max);
  const shape = min === undefined ? 'Max' : max === undefined ? 'Min' : 'Between';
  const bounds = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  return judged(passes, actual, `${key}${shape}`, { actual, ...bounds });
}

function judgeFrameRate(params: PreflightParams['frameRate'], fps: number): Judged {
  const actual = Math.round(fps * 1000) / 1000;
  if ('min' in params)
    return judged(fps >= params.min - FRAME_RATE_TOLERANCE, actual, 'frameRateMin', {
      actual,
      target: params.min,
    });
  const passes = params.allowed.some((rate) => Math.abs(rate - fps) <= FRAME_RATE_TOLERANCE);
  return judged(passes, actual, 'frameRateAllowed', { actual, target: params.allowed.join(' · ') });
}

function judgeExactDuplicates(ids: string[]): Judged {
  return judged(ids.length === 0, ids, 'exactDuplicate', { found: ids.length });
}

/** The archived assets within the rule's distance, closest first (the approver opens those). */
function judgeNearDuplicates(
  { maxDistance }: PreflightParams['nearDuplicate'],
  matches: NearMatch[],
): Judged {
  const near = matches.filter((m) => m.distance <= maxDistance).sort((a, b) => a.distance - b.distance);
  return judged(
    near.length === 0,
    near.map((m) => m.assetId),
    'nearDuplicate',
    {
      found: near.length,
      target: maxDistance,
    },
  );
}

/** Only the check digit: a malformed VIN is refused where it is typed (enrichment), not here. */
function judgeVins(vins: string[]): Judged {
  const wrong = vins.map(checkVin).flatMap((check) => {
    const mismatch = check.ok ? check.warnings.includes('checkDigit') : check.problem === 'checkDigit';
    return mismatch ? [check.vin] : [];
  });
  return judged(wrong.length === 0, wrong, 'vinCheckDigit', { found: wrong.length });
}

/** A rule whose fact is unknown: never a pass, and the message says which tool was missing or failed. */
function cannotRun(fact: UnknownFact | undefined): Judged {
  const reason: FactUnknownReason = fact?.unknown ?? 'notExtracted';
  const params: PreflightMessage['params'] = fact ? { tool: fact.tool } : {};
  return { outcome: 'cannot-run', actual: null, message: { key: `preflight.cannotRun.${reason}`, params } };
}

function read<T>(fact: Fact<T> | undefined, then: (value: T) => Judged): Judged {
  return fact && 'value' in fact ? then(fact.value) : cannotRun(fact);
}

/** The fact each check reads, and how it judges it. */
function judge(rule: PreflightRule, facts: PreflightFacts): Judged {
  switch (rule.check) {
    case 'format':
      return read(facts.format, (format) => judgeFormat(rule.params, format));
    case 'minMegapixels':
      return read(facts.dimensions, (size) => judgeMegapixels(rule.params, size));
    case 'minShorterSide':
      return read(facts.dimensions, (size) => judgeShorterSide(rule.params, size));
    case 'colourSpace':
      return read(facts.colour, (colour) => judgeColour(rule.params, colour));
    case 'videoDuration': {
      const { minSeconds, maxSeconds } = rule.params;
      return read(facts.durationSeconds, (seconds) =>
        judgeRange('duration', seconds, minSeconds, maxSeconds),
      );
    }
    case 'frameRate':
      return read(facts.framesPerSecond, (fps) => judgeFrameRate(rule.params, fps));
    case 'pdfPages':
      return read(facts.pages, (pages) => judgeRange('pages', pages, rule.params.min, rule.params.max));
    case 'exactDuplicate':
      return read(facts.exactDuplicates, judgeExactDuplicates);
    case 'nearDuplicate':
      return read(facts.nearDuplicates, (matches) => judgeNearDuplicates(rule.params, matches));
    case 'vinCheckDigit':
      return read(facts.vins, judgeVins);
  }
}

/**
 * The verdict: block when a failed rule blocks; warn when a rule failed or could not run. A rule
 * that cannot run counts as a warning even when it would block: a tool missing on the worker must
 * not stop every delivery, yet the badge shows that the check did not happen.
 */
function verdictOf(results: readonly PreflightResult[]): PreflightVerdict {
  if (results.some((r) => r.outcome === 'fail' && r.action === 'block')) return 'block';
  return results.some((r) => r.outcome !== 'pass') ? 'warn' : 'pass';
}

/** The rules of the upload's asset type, in their order, judged on its facts. */
export function evaluatePreflight(rules: readonly PreflightRule[], facts: PreflightFacts): PreflightReport {
  const results = rules
    .filter((rule) => rule.assetType === facts.assetType)
    .map((rule) => ({
      ruleId: rule.id,
      check: rule.check,
      action: rule.action,
      target: rule.params,
      ...judge(rule, facts),
    }));
  return { verdict: verdictOf(results), results };
}

// ---------------------------------------------------------------------------------------------
// What the hub's API answers

/** A department's rules (`GET`/`PUT /api/preflight/rules/{department}`). */
export interface PreflightRuleSetView {
  department: string;
  rules: PreflightRule[];
  /** True while the department has saved no rules of its own and checks with the defaults. */
  isDefault: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The pre-flight of an asset's current version, as its detail shows it to supplier and approver. */
export interface AssetPreflight extends PreflightReport {
  version: number;
  checkedAt: string;
  /**
   * The verdict decided where the version went: a delivery entering approval step 1, a rejected
   * delivery's new version going back to it. False for an upload outside the workflow (a maker's
   * user filing into an archive folder): nothing waited for it, the report is advice.
   */
  gates: boolean;
}
