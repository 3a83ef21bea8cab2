import { ENRICHMENT_CLASSIFICATIONS, type TagSummary } from './enrichment';
import { LANGUAGES, LIMITS, type Language } from './limits';
import { labelIn } from './names';
import { isValidName } from './validation';

/** The classifications whose tags a user picks by hand (the smart bar's bulk tagging): products and free tags. */
export const PICKABLE_TAG_CLASSIFICATIONS = [
  ENRICHMENT_CLASSIFICATIONS.products,
  ENRICHMENT_CLASSIFICATIONS.tags,
] as const;

/** One tag a user may pick: its names by language, and `label`, the name in the asked language. */
export interface TagOption extends TagSummary {
  label: string;
}

/**
 * `GET /api/tags/definitions?lang=`: the pickable tags, by classification then label — the one tag
 * listing, for the smart bar's bulk tagging and the wizard's free tags (step 3) alike.
 */
export interface TagOptionsResponse {
  items: TagOption[];
}

/** SPEC §5 tagging: at most LIMITS.taggingMaxAssets assets at once, wherever a tagging starts. */
export function exceedsTaggingLimit(count: number): boolean {
  return count > LIMITS.taggingMaxAssets;
}

/** Names of a new free tag by interface language; the languages left out or blank are not given. */
export type FreeTagNames = Partial<Record<Language, string>>;

/** `POST /api/tags`: a free tag (SPEC §3 working state) a user creates by typing it (SPEC §7 itagdefinition/insert). */
export interface FreeTagRequest {
  names: FreeTagNames;
}

/** The free tag created, as the provider's detail gives it back (SPEC §7 itagdefinition/detail). */
export interface FreeTag extends TagSummary {
  prettyId: string | null;
}

/** Why a free tag's names are refused: none given, or one too long or not Latin-1 (SPEC §5 names). */
export type FreeTagNameProblem = 'required' | 'invalid';

/** The names given, trimmed, blanks left out. */
export function freeTagNames(names: FreeTagNames): Partial<Record<Language, string>> {
  const given: Partial<Record<Language, string>> = {};
  for (const lang of LANGUAGES) {
    const name = names[lang]?.trim();
    if (name) given[lang] = name;
  }
  return given;
}

/**
 * The first problem of a free tag's names, with the field it is about (`names.<lang>`), or null:
 * at least one name, and each a valid name (isValidName: at most 150 Latin-1 characters).
 */
export function freeTagNamesProblem(
  names: FreeTagNames,
): { field: string; problem: FreeTagNameProblem } | null {
  const given = freeTagNames(names);
  for (const lang of LANGUAGES) {
    const name = given[lang];
    if (name !== undefined && !isValidName(name)) return { field: `names.${lang}`, problem: 'invalid' };
  }
  return Object.keys(given).length ? null : { field: 'names', problem: 'required' };
}

const folded = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** Whether two tag names read the same to a user: ignoring case and surrounding blanks. */
export function sameTagName(a: string, b: string): boolean {
  return folded(a) === folded(b);
}

/**
 * The tag among `tags` that already bears one of `names`, in any language (two free tags read
 * "Esterni" and "esterni" to a user, whatever language each was typed in), or undefined.
 */
export function tagNamedLike<T extends { names: Readonly<Record<string, string>> }>(
  names: readonly string[],
  tags: readonly T[],
): T | undefined {
  return tags.find((tag) => Object.values(tag.names).some((n) => names.some((w) => sameTagName(w, n))));
}

/** A tag in a picker: at `depth` 0 a top tag, below it its sub-tags (SPEC §3 "sub-tags"). */
export interface TagInTree<T extends TagSummary> {
  tag: T;
  depth: number;
}

/**
 * The tags as a picker shows them: each followed by its sub-tags, siblings by their name in `lang`.
 * A tag whose parent is not among `tags` stands at the top, so none is ever lost.
 */
export function tagTree<T extends TagSummary>(tags: readonly T[], lang: Language): TagInTree<T>[] {
  const ids = new Set(tags.map((t) => t.id));
  const children = new Map<string | null, T[]>();
  for (const tag of tags) {
    const parent = tag.parentId && ids.has(tag.parentId) && tag.parentId !== tag.id ? tag.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), tag]);
  }
  const out: TagInTree<T>[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) =>
      labelIn(a.names, lang).localeCompare(labelIn(b.names, lang), lang),
    );
    for (const tag of siblings) {
      if (seen.has(tag.id)) continue;
      seen.add(tag.id);
      out.push({ tag, depth });
      walk(tag.id, depth + 1);
    }
  };
  walk(null, 0);
  // A cycle (a tag under its own sub-tag) has no top: its tags stand at the top too.
  for (const tag of tags) {
    if (seen.has(tag.id)) continue;
    seen.add(tag.id);
    out.push({ tag, depth: 0 });
  }
  return out;
}
