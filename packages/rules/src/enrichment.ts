import { LIMITS } from './limits';
import { isLatin1 } from './validation';
import { checkVin, type VinProblem } from './vin';

/**
 * Enrichment (issue 13; SPEC §2 wizard, §3 keys and working state, §4 derived flags, §5 rules): what
 * the hub checks before it enqueues a job and what the form checks as the user types, defined once.
 */

/**
 * The classifications of SPEC §3 (ggdyqo, joc5rg, vu62a5, dmuyud) and what each holds: the
 * metadata definitions and the workflow's tags share ggdyqo (WORKFLOW_TAGS.classification).
 */
export const ENRICHMENT_CLASSIFICATIONS = {
  metadata: 'ggdyqo',
  copyright: 'joc5rg',
  products: 'vu62a5',
  tags: 'dmuyud',
} as const;

/** Hub error codes of enrichment refusals (nothing changed); E-codes are in E_CODES. */
export const ENRICHMENT_ERROR_CODES = {
  /** More than LIMITS.taggingMaxAssets assets in one tagging (SPEC §5). */
  TOO_MANY_ASSETS: 'ENRICHMENT_TOO_MANY_ASSETS',
  /** More than LIMITS.vinPlatePairsMax VIN and plate pairs (SPEC §5). */
  TOO_MANY_VIN_PAIRS: 'ENRICHMENT_TOO_MANY_VIN_PAIRS',
  /** More than LIMITS.copyrightOptionsMax copyright options (SPEC §5). */
  TOO_MANY_COPYRIGHT_OPTIONS: 'ENRICHMENT_TOO_MANY_COPYRIGHT_OPTIONS',
  /** A VIN refused: its length, a character (I, O, Q), or a North-American check digit; details name the field. */
  VIN_INVALID: 'ENRICHMENT_VIN_INVALID',
  /** A value with characters outside Latin-1 (SPEC §5); details name the field. */
  NOT_LATIN1: 'ENRICHMENT_NOT_LATIN1',
  /** SPEC §5 / §8 'Invalid date format'; details name the field. */
  INVALID_DATE: 'ENRICHMENT_INVALID_DATE',
  /** A metadata key no definition of the provider has. */
  UNKNOWN_METADATA_KEY: 'ENRICHMENT_UNKNOWN_METADATA_KEY',
  /** A value its definition does not allow (an enum value not among the options, a non-boolean, …). */
  BAD_METADATA_VALUE: 'ENRICHMENT_BAD_METADATA_VALUE',
  /** A mandatory metadata (the definition's constraint) neither given nor already on every asset. */
  MANDATORY_MISSING: 'ENRICHMENT_MANDATORY_MISSING',
  /** A copyright option incomplete: a kind, a state, and when present perpetual or a to-date. */
  BAD_COPYRIGHT: 'ENRICHMENT_BAD_COPYRIGHT',
  /** A tag id the provider does not know. */
  UNKNOWN_TAG: 'ENRICHMENT_UNKNOWN_TAG',
  /** Tagging outside SPEC §6 places, on another department's asset, or by a branch-sharing user there. */
  NOT_ALLOWED: 'ENRICHMENT_NOT_ALLOWED',
  /** An asset is not in the folder the tagging was asked from. */
  NOT_IN_FOLDER: 'ENRICHMENT_NOT_IN_FOLDER',
  /** A request that changes nothing (no tag, no metadata, no VIN, no copyright). */
  NOTHING_TO_DO: 'ENRICHMENT_NOTHING_TO_DO',
  /** A working state larger than LIMITS.enrichmentDraftMaxBytes saved as a draft. */
  DRAFT_TOO_LARGE: 'ENRICHMENT_DRAFT_TOO_LARGE',
  /** A new free tag without a name, or with one that is no valid name (freeTagNamesProblem); details name the field. */
  TAG_NAME_INVALID: 'ENRICHMENT_TAG_NAME_INVALID',
  /** A new free tag bearing the name of one that exists, ignoring case (tagNamedLike); details give its id. */
  TAG_EXISTS: 'ENRICHMENT_TAG_EXISTS',
} as const;
export type EnrichmentErrorCode = (typeof ENRICHMENT_ERROR_CODES)[keyof typeof ENRICHMENT_ERROR_CODES];

/**
 * `PUT /api/enrichment/draft`: the wizard's working state (SPEC §3) saved as the user's draft on a
 * selection, so another tab, browser or device finds it again; `state` null clears it.
 */
export interface EnrichmentDraftRequest {
  folderId: string;
  contentIds: string[];
  state: Record<string, unknown> | null;
}

/** `GET /api/enrichment/draft`: the working state last saved on exactly this selection, or nulls. */
export interface EnrichmentDraft {
  state: Record<string, unknown> | null;
  savedAt: string | null;
}

/** The refusal's details: which field (a metadata key such as `vin-2`) and why. */
export interface EnrichmentRefusalDetails {
  field?: string;
  problem?: VinProblem | string;
  ids?: string[];
}

/** SPEC §8: the one message of a date that is not one. */
export const INVALID_DATE_FORMAT = 'Invalid date format';

export type DateCheck = { ok: true; iso: string; display: string } | { ok: false; message: string };

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * SPEC §5 dates: separators '-' or '/', three parts, day at most 31, month at most 12, a four-digit
 * year, either year first (yyyy-mm-dd) or last (dd-mm-yyyy); reordered to day-month-year. A day the
 * month does not have (31/02) is refused too. `iso` (yyyy-mm-dd) is what metadata stores, `display`
 * dd/MM/yyyy what the user reads (SPEC §9).
 */
export function parseSpecDate(text: string): DateCheck {
  const invalid = { ok: false as const, message: INVALID_DATE_FORMAT };
  const parts = text.trim().split(/[-/]/);
  if (parts.length !== 3) return invalid;
  const [a, b, c] = parts as [string, string, string];
  const yearFirst = /^\d{4}$/.test(a);
  if (!yearFirst && !/^\d{4}$/.test(c)) return invalid;
  const [dayText, yearText] = yearFirst ? [c, a] : [a, c];
  if (!/^\d{1,2}$/.test(dayText) || !/^\d{1,2}$/.test(b)) return invalid;
  const day = Number(dayText);
  const month = Number(b);
  const year = Number(yearText);
  if (day < 1 || day > 31 || month < 1 || month > 12) return invalid;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return invalid;
  return {
    ok: true,
    iso: `${yearText}-${pad2(month)}-${pad2(day)}`,
    display: `${pad2(day)}/${pad2(month)}/${yearText}`,
  };
}

/** Plates (SPEC §5 Latin-1; research next-wave §C.5): trimmed, upper-case, inner blanks made one. */
export function normalizePlate(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Current IT, FR and DE formats, on the plate without blanks, hyphens or dots (research §C.5). */
const PLATE_FORMATS: Readonly<Record<'IT' | 'FR' | 'DE', RegExp>> = {
  IT: /^[A-HJ-NPR-TV-Z]{2}\d{3}[A-HJ-NPR-TV-Z]{2}$/,
  FR: /^(?!SS|WW)[A-HJ-NP-TV-Z]{2}(?!000)\d{3}(?!SS)[A-HJ-NP-TV-Z]{2}$/,
  DE: /^(?=.{1,8}$)[A-ZÄÖÜ]{1,3}[A-Z]{1,2}[1-9]\d{0,3}[EH]?$/,
};
export type PlateCountry = keyof typeof PLATE_FORMATS;

/**
 * The countries whose current format a plate matches (IT and FR share AA000AA); none is a soft
 * check's warning, never a refusal, since trade, temporary, historic and foreign plates differ.
 */
export function plateFormatsOf(plate: string): PlateCountry[] {
  const compact = normalizePlate(plate).replace(/[\s.-]/g, '');
  return (Object.keys(PLATE_FORMATS) as PlateCountry[]).filter((c) => PLATE_FORMATS[c].test(compact));
}

/** The metadata keys of pair N (1..LIMITS.vinPlatePairsMax): `vin-N`, `targa-N` (SPEC §3). */
export function vinKey(n: number): string {
  return `vin-${n}`;
}
export function plateKey(n: number): string {
  return `targa-${n}`;
}
/** Every VIN and plate key, pair 1 first. */
export const VIN_PLATE_KEYS: readonly string[] = Array.from({ length: LIMITS.vinPlatePairsMax }, (_, i) => [
  vinKey(i + 1),
  plateKey(i + 1),
]).flat();

export interface VinPlatePair {
  vin: string;
  targa: string;
}

/** Copyright kinds and the values of SPEC §3. */
export const COPYRIGHT_KINDS = ['landscape', 'people'] as const;
export type CopyrightKind = (typeof COPYRIGHT_KINDS)[number];
export const COPYRIGHT_STATES = ['presente', 'assente', 'non_necessario'] as const;
export type CopyrightState = (typeof COPYRIGHT_STATES)[number];
export const COPYRIGHT_COUNTRIES = ['united-states', 'worldwide'] as const;
export type CopyrightCountry = (typeof COPYRIGHT_COUNTRIES)[number];

export interface CopyrightOption {
  kind: CopyrightKind;
  state: CopyrightState;
  country?: string;
  /** Perpetual rights, or valid until `toDate` (SPEC §5 date). */
  perpetual?: boolean;
  toDate?: string;
}

/** The keys of the n-th option of one kind: `landscape-state`, then `landscape-state-2`, … (SPEC §3). */
export function copyrightKey(
  kind: CopyrightKind,
  field: 'state' | 'country' | 'perpetual' | 'todate',
  n: number,
) {
  return n === 1 ? `${kind}-${field}` : `${kind}-${field}-${n}`;
}

/** Every key copyright options may write, so that overwriting clears what a longer list left. */
export const COPYRIGHT_KEYS: readonly string[] = COPYRIGHT_KINDS.flatMap((kind) =>
  Array.from({ length: LIMITS.copyrightOptionsMax }, (_, i) =>
    (['state', 'country', 'perpetual', 'todate'] as const).map((f) => copyrightKey(kind, f, i + 1)),
  ).flat(),
);
/** Keys holding a copyright date (SPEC §3 `copyrightdate`, `todate` and each option's to-date). */
export const COPYRIGHT_DATE_KEYS: readonly string[] = [
  'copyrightdate',
  'todate',
  ...COPYRIGHT_KEYS.filter((key) => /-todate(-\d+)?$/.test(key)),
];

/**
 * The keys whose date ends a right: `todate` and each option's to-date, not `copyrightdate` (when
 * it began). restrictionOf, the rights notices and "rights ending" all read these.
 */
export const RIGHTS_END_KEYS: readonly string[] = COPYRIGHT_DATE_KEYS.filter(
  (key) => key !== 'copyrightdate',
);
const RIGHTS_END = new Set(RIGHTS_END_KEYS);

/**
 * SPEC §5 "copyright dates are displayed only if they match yyyy-mm-dd or dd-mm-yyyy style forms":
 * such a date as dd/MM/yyyy (SPEC §9), anything else null, not to be displayed.
 */
export function copyrightDateDisplay(value: string): string | null {
  const date = parseSpecDate(value);
  return date.ok ? date.display : null;
}

/** The copyright note (SPEC §3 `notes-copyright`). */
export const COPYRIGHT_NOTES_KEY = 'notes-copyright';
/** SPEC §3 embargo date and nation / state info (changing the nation away from the US clears the state). */
export const EMBARGO_KEY = 'embargodate';
export const NATION_KEY = 'nationinfo';
export const STATE_KEY = 'stateinfo';

export type KeyValue = { key: string; value: string };

/**
 * Copyright options as metadata: state, country, perpetual or to-date (ISO) per option. Check the
 * options with `copyrightProblem` first.
 */
export function copyrightMetadata(options: readonly CopyrightOption[]): KeyValue[] {
  const seen: Record<CopyrightKind, number> = { landscape: 0, people: 0 };
  const out: KeyValue[] = [];
  for (const o of options) {
    const n = (seen[o.kind] += 1);
    out.push({ key: copyrightKey(o.kind, 'state', n), value: o.state });
    if (o.country) out.push({ key: copyrightKey(o.kind, 'country', n), value: o.country });
    if (o.perpetual) out.push({ key: copyrightKey(o.kind, 'perpetual', n), value: 'true' });
    else if (o.toDate) {
      const date = parseSpecDate(o.toDate);
      if (date.ok) out.push({ key: copyrightKey(o.kind, 'todate', n), value: date.iso });
    }
  }
  return out;
}

/**
 * SPEC §3 fixed copyright tags (classification joc5rg): one per kind of option an asset carries,
 * and the copyright tag on an asset with rights present, so the listing finds either by tag.
 */
export const COPYRIGHT_TAGS = {
  copyright: 'cr-copyright',
  landscape: 'cr-landscape',
  people: 'cr-people',
} as const;

/**
 * The copyright tags that go with these options (each option's kind, the copyright tag when one
 * is `presente`), and the assets of each: `targetsOfKind` answers which assets a kind's options
 * reach (undefined for all), the copyright tag reaching those of its kinds.
 */
export function copyrightTagsOf<T>(
  options: readonly CopyrightOption[],
  targetsOfKind: (kind: CopyrightKind) => T[] | undefined,
): { prettyId: string; contentIds: T[] | undefined }[] {
  const kinds = COPYRIGHT_KINDS.filter((kind) => options.some((o) => o.kind === kind));
  const out: { prettyId: string; contentIds: T[] | undefined }[] = kinds.map((kind) => ({
    prettyId: COPYRIGHT_TAGS[kind],
    contentIds: targetsOfKind(kind),
  }));
  const present = kinds.filter((kind) => options.some((o) => o.kind === kind && o.state === 'presente'));
  if (present.length) {
    const targets = present.map(targetsOfKind);
    out.push({
      prettyId: COPYRIGHT_TAGS.copyright,
      contentIds: targets.every((t): t is T[] => t !== undefined) ? [...new Set(targets.flat())] : undefined,
    });
  }
  return out;
}

/** Why a copyright option is refused, or null. */
export function copyrightProblem(o: CopyrightOption): { code: EnrichmentErrorCode; problem: string } | null {
  if (!COPYRIGHT_KINDS.includes(o.kind) || !COPYRIGHT_STATES.includes(o.state))
    return { code: ENRICHMENT_ERROR_CODES.BAD_COPYRIGHT, problem: 'kindOrState' };
  if (o.country !== undefined && !isLatin1(o.country))
    return { code: ENRICHMENT_ERROR_CODES.NOT_LATIN1, problem: 'country' };
  if (o.toDate !== undefined && o.toDate !== '' && !parseSpecDate(o.toDate).ok)
    return { code: ENRICHMENT_ERROR_CODES.INVALID_DATE, problem: 'toDate' };
  if (o.state === 'presente' && !o.perpetual && !o.toDate)
    return { code: ENRICHMENT_ERROR_CODES.BAD_COPYRIGHT, problem: 'validity' };
  return null;
}

/** Why a VIN / plate pair is refused (VIN rules in vin.ts; plates Latin-1), or null; warnings apart. */
export function vinPlateProblem(
  pair: VinPlatePair,
  n: number,
): { code: EnrichmentErrorCode; field: string; problem: string } | null {
  if (pair.vin.trim() !== '') {
    const vin = checkVin(pair.vin);
    if (!vin.ok) return { code: ENRICHMENT_ERROR_CODES.VIN_INVALID, field: vinKey(n), problem: vin.problem };
  }
  if (!isLatin1(pair.targa))
    return { code: ENRICHMENT_ERROR_CODES.NOT_LATIN1, field: plateKey(n), problem: 'latin1' };
  return null;
}

/** SPEC §4 derived flags of an asset; `restricted` refuses share and external share (SPEC §6). */
export interface AssetRestriction {
  embargoActive: boolean;
  copyrightExpired: boolean;
  restricted: boolean;
}

/** The day restrictionOf compares with (UTC): its answer for an asset changes only when this does. */
export function restrictionDayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** An asset's rights dates (ISO yyyy-mm-dd, sorted): its embargo dates and its copyrights' to-dates. */
export interface RightsDates {
  embargo: string[];
  copyrightEnds: string[];
}

/**
 * The dates restrictionOf and the rights notices (rights-notices.ts) read: `embargodate`, and the
 * to-dates (RIGHTS_END_KEYS), any case; dates in ISO or any SPEC §5 form,
 * those that are no date left out.
 */
export function rightsDatesOf(metadata: readonly { key: string; value: string }[]): RightsDates {
  const iso = (value: string) => {
    const date = parseSpecDate(value.slice(0, 10));
    return date.ok ? date.iso : null;
  };
  const out: RightsDates = { embargo: [], copyrightEnds: [] };
  for (const { key, value } of metadata) {
    const k = key.toLowerCase();
    const list = k === EMBARGO_KEY ? out.embargo : RIGHTS_END.has(k) ? out.copyrightEnds : null;
    const d = list && iso(value);
    if (list && d) list.push(d);
  }
  out.embargo.sort();
  out.copyrightEnds.sort();
  return out;
}

/**
 * SPEC §4 derived flags: the embargo is active when its date is after today; copyright is expired
 * when any to-date is before now. Dates are ISO (yyyy-mm-dd) or any SPEC §5 form; `metadata` is an
 * asset's metadata, any classification. Days are compared in UTC.
 */
export function restrictionOf(
  metadata: readonly { key: string; value: string }[],
  now: Date,
): AssetRestriction {
  const today = restrictionDayOf(now);
  const dates = rightsDatesOf(metadata);
  const embargoActive = dates.embargo.some((d) => d > today);
  // A to-date covers its whole day: it is before now from the next day on.
  const copyrightExpired = dates.copyrightEnds.some((d) => d < today);
  return { embargoActive, copyrightExpired, restricted: embargoActive || copyrightExpired };
}

/** A tag an enrichment adds or removes (a product's or a free one), with its classification. */
export interface TagRef {
  id: string;
  classificationId: string;
}

/** Which blocks replace what the assets have (SPEC §5 overwrite warning; each default true). */
export interface OverwriteFlags {
  vinTarga?: boolean;
  copyright?: boolean;
  metadata?: boolean;
}

/** `POST /api/enrichment` → 202 `{ jobId }`: the wizard's confirmation (SPEC §2, §3 working state). */
export interface EnrichmentRequest {
  /** At most LIMITS.taggingMaxAssets. */
  contentIds: string[];
  /** The folder the user acts from; the hub derives the SPEC §6 place from it. */
  folderId: string;
  tags?: { add?: TagRef[]; remove?: TagRef[] };
  /** At most LIMITS.vinPlatePairsMax, stored as vin-N and targa-N. */
  vinTarga?: VinPlatePair[];
  /** At most LIMITS.copyrightOptionsMax. */
  copyright?: CopyrightOption[];
  copyrightNotes?: string;
  /** Values by key, checked against the provider's definitions; empty values are not saved (SPEC §5). */
  metadata?: KeyValue[];
  overwrite?: OverwriteFlags;
}

/** `POST /api/tags/bulk` → 202 `{ jobId }`: the smart bar's bulk add or remove (SPEC §5). */
export interface TagsBulkRequest {
  contentIds: string[];
  folderId: string;
  action: 'add' | 'remove';
  tags?: TagRef[];
  /** Add needs key and value, remove a key (SPEC §5). */
  metadata?: { key: string; value?: string }[];
}

/** Metadata definition types the wizard offers (SPEC §3) and THRON's metadataType of each. */
export const METADATA_TYPES = {
  string: 'STRING',
  instant: 'TEMPORAL_INSTANT',
  singleEnum: 'ALTERNATIVE_S',
  multiEnum: 'ALTERNATIVE_M',
  boolean: 'BOOLEAN',
} as const;
export type MetadataType = keyof typeof METADATA_TYPES;

/** One metadata definition as the hub gives it to the wizard (SPEC §3 "Metadata definition"). */
export interface MetadataDefinitionSummary {
  id: string;
  key: string;
  classificationId: string;
  names: Record<string, string>;
  type: MetadataType;
  mandatory: boolean;
  /** `name` in EN (or the only one), `names` by lower-case language when the provider gives them. */
  options: { value: string; name: string; names?: Record<string, string> }[];
}

/** SPEC §5: the mandatory flag counts for string, instant, singleEnum and boolean. */
export function isMandatory(def: Pick<MetadataDefinitionSummary, 'type' | 'mandatory'>): boolean {
  return def.mandatory && def.type !== 'multiEnum';
}

/** multiEnum values travel comma-joined. */
export const MULTI_VALUE_SEPARATOR = ',';

/**
 * A value checked against its definition: Latin-1 everywhere, an instant a SPEC §5 date (stored
 * ISO), an enum among the options, a boolean 'true' or 'false'. Returns the value to store.
 */
export function checkMetadataValue(
  def: Pick<MetadataDefinitionSummary, 'type' | 'options' | 'key'>,
  value: string,
): { ok: true; value: string } | { ok: false; code: EnrichmentErrorCode; field: string } {
  const field = def.key;
  if (!isLatin1(value)) return { ok: false, code: ENRICHMENT_ERROR_CODES.NOT_LATIN1, field };
  const options = new Set(def.options.map((o) => o.value));
  switch (def.type) {
    case 'string':
      return { ok: true, value };
    case 'instant': {
      const date = parseSpecDate(value);
      return date.ok
        ? { ok: true, value: date.iso }
        : { ok: false, code: ENRICHMENT_ERROR_CODES.INVALID_DATE, field };
    }
    case 'singleEnum':
      return options.has(value)
        ? { ok: true, value }
        : { ok: false, code: ENRICHMENT_ERROR_CODES.BAD_METADATA_VALUE, field };
    case 'multiEnum': {
      const values = value.split(MULTI_VALUE_SEPARATOR).map((v) => v.trim());
      return values.every((v) => options.has(v))
        ? { ok: true, value: values.join(MULTI_VALUE_SEPARATOR) }
        : { ok: false, code: ENRICHMENT_ERROR_CODES.BAD_METADATA_VALUE, field };
    }
    case 'boolean':
      return value === 'true' || value === 'false'
        ? { ok: true, value }
        : { ok: false, code: ENRICHMENT_ERROR_CODES.BAD_METADATA_VALUE, field };
  }
}

/** The registry record's title (SPEC §2): 'type: name - Rif: sfId', or 'type - Rif: sfId' for ADP. */
export function registryTitle(r: { category: string; registryType: string; name: string; sfId: string }) {
  return r.category === 'ADP'
    ? `${r.registryType} - Rif: ${r.sfId}`
    : `${r.registryType}: ${r.name} - Rif: ${r.sfId}`;
}

/** A tag the wizard offers (a free tag, or a product): names by lower-case language. */
export interface TagSummary {
  id: string;
  classificationId: string;
  names: Record<string, string>;
  /** SPEC §3 sub-tags: the tag this one sits under (THRON's itagdefinition parentId), if any. */
  parentId?: string | null;
}

/**
 * `GET /api/enrichment/definitions`: the metadata definitions steps 2 and 3 offer (SPEC §3 metadata
 * definition). The free tags come from the one tag listing, `GET /api/tags/definitions`.
 */
export interface EnrichmentDefinitions {
  metadata: MetadataDefinitionSummary[];
}

/** `GET /api/enrichment/products?cursor=`: a page of products (SPEC §3), `next` absent on the last. */
/** SPEC §3 Product: id, name by language, and its tags by classification (the provider's, as given). */
export interface ProductSummary extends TagSummary {
  tags: { classificationId: string; ids: string[] }[];
}

export interface ProductPage {
  items: ProductSummary[];
  next: string | null;
}
