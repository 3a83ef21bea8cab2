import {
  COPYRIGHT_KEYS,
  COPYRIGHT_KINDS,
  COPYRIGHT_NOTES_KEY,
  COPYRIGHT_STATES,
  LIMITS,
  NATION_KEY,
  STATE_KEY,
  VIN_PLATE_KEYS,
  copyrightMetadata,
  isHiddenMetadataKey,
  isMandatory,
  normalizePlate,
  normalizeVin,
  plateKey,
  vinKey,
  type CopyrightOption,
  type EnrichmentRequest,
  type MetadataDefinitionSummary,
  type TagSummary,
  type VinPlatePair,
} from '@paddock/rules';
import { array, boolean, object, oneOf, readOrNull, record, string, withDefault } from '../../app/read-input';

/** The assets the wizard enriches and where it was opened from (the route's search). */
export interface WizardSelection {
  folderId: string;
  contentIds: readonly string[];
}

/** A copyright option as typed: the to-date is text until it is sent (SPEC §5 date forms). */
export interface CopyrightDraft {
  kind: CopyrightOption['kind'];
  state: CopyrightOption['state'];
  country: string;
  perpetual: boolean;
  toDate: string;
}

export interface OverwriteChoice {
  vinTarga: boolean;
  copyright: boolean;
  metadata: boolean;
}

/** SPEC §3 "Enrichment working state", as the four steps fill it. */
export interface WorkingState {
  /** Products added (SPEC §3 added products). */
  products: TagSummary[];
  /** Products already on a selected asset that confirming removes (SPEC §3 removed products). */
  removedProducts: TagSummary[];
  /** Free tags added (picked from the listing, or created by typing them). */
  tags: TagSummary[];
  /** Free tags already on a selected asset that confirming removes (SPEC §3 free tags). */
  removedTags: TagSummary[];
  /** At least one row; at most LIMITS.vinPlatePairsMax, stored as vin-N and targa-N. */
  vinTarga: VinPlatePair[];
  copyright: CopyrightDraft[];
  copyrightNotes: string;
  /** Values by metadata key; an empty value is not saved (SPEC §5). */
  metadata: Record<string, string>;
  /** SPEC §3: the overwrite flags, all true until the user says otherwise. */
  overwrite: OverwriteChoice;
}

export function emptyWorkingState(): WorkingState {
  return {
    products: [],
    removedProducts: [],
    tags: [],
    removedTags: [],
    vinTarga: [{ vin: '', targa: '' }],
    copyright: [],
    copyrightNotes: '',
    metadata: {},
    overwrite: { vinTarga: true, copyright: true, metadata: true },
  };
}

export function emptyCopyright(): CopyrightDraft {
  return { kind: 'landscape', state: 'presente', country: '', perpetual: true, toDate: '' };
}

const tag = object({
  id: string(),
  classificationId: string(),
  names: record(string()),
});
const workingState = object({
  products: array(tag),
  // A state saved before removals existed reads as removing nothing.
  removedProducts: withDefault(array(tag), () => []),
  tags: array(tag),
  removedTags: withDefault(array(tag), () => []),
  vinTarga: array(object({ vin: string(), targa: string() }), { min: 1, max: LIMITS.vinPlatePairsMax }),
  copyright: array(
    object({
      kind: oneOf(COPYRIGHT_KINDS),
      state: oneOf(COPYRIGHT_STATES),
      country: string(),
      perpetual: boolean(),
      toDate: string(),
    }),
    { max: LIMITS.copyrightOptionsMax },
  ),
  copyrightNotes: string(),
  metadata: record(string()),
  overwrite: object({ vinTarga: boolean(), copyright: boolean(), metadata: boolean() }),
});

/** One working state per selection: another selection, in the same tab, starts afresh. */
export function storageKey(selection: WizardSelection): string {
  return `paddock.enrichment:${selection.folderId}:${[...selection.contentIds].sort().join(',')}`;
}

/** A working state read back (session storage, the server's draft), or null when it is not one. */
export function parseWorkingState(value: unknown): WorkingState | null {
  return readOrNull(workingState, value);
}

/** The state a reload finds again (session storage), or null when this tab has none readable. */
export function loadWorkingState(storage: Storage, selection: WizardSelection): WorkingState | null {
  try {
    return parseWorkingState(JSON.parse(storage.getItem(storageKey(selection)) ?? 'null'));
  } catch {
    return null;
  }
}

export function saveWorkingState(storage: Storage, selection: WizardSelection, state: WorkingState): void {
  storage.setItem(storageKey(selection), JSON.stringify(state));
}

export function clearWorkingState(storage: Storage, selection: WizardSelection): void {
  storage.removeItem(storageKey(selection));
}

/** SPEC §5: changing the nation away from united-states clears the state info. */
export function withMetadataValue(state: WorkingState, key: string, value: string): WorkingState {
  const metadata = { ...state.metadata, [key]: value };
  if (key === NATION_KEY && value !== 'united-states') delete metadata[STATE_KEY];
  return { ...state, metadata };
}

/** Keys steps 1 and 2 set through their own fields, never as free metadata. */
const OWN_FIELD_KEYS = new Set([...VIN_PLATE_KEYS, ...COPYRIGHT_KEYS, COPYRIGHT_NOTES_KEY]);

/** Step 2's metadata: the mandatory definitions (SPEC §5: the definition's constraint). */
export function mandatoryDefinitions(all: readonly MetadataDefinitionSummary[]): MetadataDefinitionSummary[] {
  return all.filter((d) => isMandatory(d) && !OWN_FIELD_KEYS.has(d.key));
}

/** Step 3's metadata: every other definition one may set; the US state only for the US. */
export function optionalDefinitions(
  all: readonly MetadataDefinitionSummary[],
  state: WorkingState,
): MetadataDefinitionSummary[] {
  return all.filter(
    (d) =>
      !isMandatory(d) &&
      !OWN_FIELD_KEYS.has(d.key) &&
      !isHiddenMetadataKey(d.key) &&
      (d.key !== STATE_KEY || state.metadata[NATION_KEY] === 'united-states'),
  );
}

/** The copyright options as the hub takes them. */
export function copyrightOptionsOf(drafts: readonly CopyrightDraft[]): CopyrightOption[] {
  return drafts.map((d) => ({
    kind: d.kind,
    state: d.state,
    ...(d.country ? { country: d.country } : {}),
    ...(d.perpetual ? { perpetual: true } : d.toDate.trim() ? { toDate: d.toDate.trim() } : {}),
  }));
}

/** Whether the working state records a plate (some pair's `targa` filled). */
export function recordsPlate(state: WorkingState): boolean {
  return state.vinTarga.some((p) => p.targa.trim() !== '');
}

/** The pairs worth sending: an empty row is no pair. */
function filledPairs(state: WorkingState): VinPlatePair[] {
  return state.vinTarga.filter((p) => p.vin.trim() !== '' || p.targa.trim() !== '');
}

/** `POST /api/enrichment`'s body from the working state (SPEC §3, §5). */
export function toEnrichmentRequest(state: WorkingState, selection: WizardSelection): EnrichmentRequest {
  const pairs = filledPairs(state);
  const metadata = Object.entries(state.metadata)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => ({ key, value: value.trim() }));
  const ref = (t: TagSummary) => ({ id: t.id, classificationId: t.classificationId });
  const add = [...state.products, ...state.tags].map(ref);
  const remove = [...state.removedProducts, ...state.removedTags].map(ref);
  const tags = { ...(add.length ? { add } : {}), ...(remove.length ? { remove } : {}) };
  return {
    contentIds: [...selection.contentIds],
    folderId: selection.folderId,
    ...(add.length || remove.length ? { tags } : {}),
    ...(pairs.length ? { vinTarga: pairs } : {}),
    ...(state.copyright.length ? { copyright: copyrightOptionsOf(state.copyright) } : {}),
    ...(state.copyrightNotes.trim() ? { copyrightNotes: state.copyrightNotes.trim() } : {}),
    ...(metadata.length ? { metadata } : {}),
    overwrite: state.overwrite,
  };
}

type Metadata = readonly { key: string; value: string }[];

/** What the entered block would write, key by key (VIN and plate normalised, copyright as stored). */
function enteredValues(state: WorkingState, block: 'vinTarga' | 'copyright'): Map<string, string> {
  if (block === 'vinTarga')
    return new Map(
      filledPairs(state).flatMap((p, i) => [
        [vinKey(i + 1), normalizeVin(p.vin)],
        [plateKey(i + 1), normalizePlate(p.targa)],
      ]),
    );
  return new Map(copyrightMetadata(copyrightOptionsOf(state.copyright)).map((e) => [e.key, e.value]));
}

/**
 * SPEC §5 overwrite warning: the blocks (VIN and plate, copyright) the user entered where a selected
 * asset already holds other values, which confirming replaces.
 */
export function overwrittenBlocks(
  state: WorkingState,
  assets: readonly { metadata: Metadata }[],
): ('vinTarga' | 'copyright')[] {
  const blocks: ('vinTarga' | 'copyright')[] = [];
  for (const block of ['vinTarga', 'copyright'] as const) {
    const entered = enteredValues(state, block);
    if (entered.size === 0) continue;
    const keys = block === 'vinTarga' ? VIN_PLATE_KEYS : COPYRIGHT_KEYS;
    const differs = assets.some((asset) =>
      asset.metadata.some((m) => keys.includes(m.key) && m.value !== '' && entered.get(m.key) !== m.value),
    );
    if (differs) blocks.push(block);
  }
  return blocks;
}

/** The products the selected assets are linked to (step 1 offers to remove them), each once. */
export function productsOnAssets(assets: readonly { products: readonly TagSummary[] }[]): TagSummary[] {
  return [...new Map(assets.flatMap((a) => a.products).map((p) => [p.id, p])).values()];
}

/**
 * The tags of a classification already on the selected assets (free tags in step 3, which offers
 * to remove them), each once, named as the hub named it in the user's language.
 */
export function tagsOnAssets(
  assets: readonly { tags: readonly { id: string; classificationId: string; label: string }[] }[],
  classificationId: string,
  language: string,
): TagSummary[] {
  const found = new Map<string, TagSummary>();
  for (const tag of assets.flatMap((a) => a.tags))
    if (tag.classificationId === classificationId && !found.has(tag.id))
      found.set(tag.id, {
        id: tag.id,
        classificationId: tag.classificationId,
        names: { [language]: tag.label },
      });
  return [...found.values()];
}

/** Whether every selected asset already holds a value for the key (a mandatory one may then stay empty). */
export function everyAssetHas(assets: readonly { metadata: Metadata }[], key: string): boolean {
  return assets.length > 0 && assets.every((a) => a.metadata.some((m) => m.key === key && m.value !== ''));
}
