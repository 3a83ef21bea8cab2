/**
 * What the built-in provider's content searches ask of the database, independent of the two wire
 * shapes (content/findByProperties and content/search) that are translated into it.
 */
import type { AccessScope } from '../access/access.repository';

/** Fields a text criterion looks in (THRON's searchOnFields, minus EXCERPT which we do not keep). */
export type TextField = 'NAME' | 'DESCRIPTION' | 'ITAGS' | 'OWNER' | 'METADATA';

export interface TextCriterion {
  /** ILIKE patterns, already escaped and wrapped in `%`. */
  patterns: string[];
  /** true: every pattern must match (in some field); false: any one pattern is enough. */
  all: boolean;
  fields: TextField[];
  /** The raw search key, for relevance ranking. */
  key: string;
}

/** A folder named by id or prettyId; `cascade` takes in every descendant folder too. */
export interface FolderRef {
  ref: string;
  cascade: boolean;
}

export type MetadataOperator = 'EQUAL' | 'LESS' | 'MORE' | 'BETWEEN';
export type MetadataCombinator = 'MUST' | 'MUST_NOT' | 'AT_LEAST_ONE';

export interface MetadataClause {
  key: string;
  operator: MetadataOperator;
  /** EQUAL compares the text value. */
  value: string;
  /** LESS / MORE / BETWEEN compare value_num (numbers, or dates as epoch ms). */
  num?: number;
  num2?: number;
}

export interface MetadataGroup {
  combinator: MetadataCombinator;
  clauses: MetadataClause[];
}

export interface ContentQuery {
  /** The caller's: only contents linked to a folder it may `show`. */
  scope: AccessScope;
  contentIds?: string[];
  /** Locales whose names and descriptions the text criterion reads; empty = every locale. */
  textLocales: string[];
  text?: TextCriterion;
  /** At least one link into these folders (empty = anywhere visible). */
  inFolders: FolderRef[];
  /** No link into these folders. */
  notInFolders: FolderRef[];
  contentTypes?: string[];
  extensions?: string[];
  metadata: MetadataGroup[];
  /** Metadata keys at least one of which the content has no value for (docs/saved-searches.md). */
  metadataMissingAny?: string[];
  /** Tags (ids or prettyIds) a content carries every one of, and none of. */
  tagsAll?: string[];
  tagsNone?: string[];
  createdFrom?: Date;
  createdTo?: Date;
  owners?: string[];
  notOwners?: string[];
}

export type ContentSortField = 'name' | 'creationDate' | 'lastUpdate' | 'relevance';

export interface ContentOrder {
  field: ContentSortField;
  descending: boolean;
  /** The locale whose name is sorted on (and returned first). */
  locale: string;
}

/**
 * Where a page by name starts in content/search's token-paged order, so a deep page costs what the
 * first does: after a named content (its sort key, name and id, as the (locale, sort_name, name,
 * content_id) index orders them), or among the contents without a name in the sort's locale, which
 * come last by id, after `unnamedAfter` (null: from the first of them).
 */
export type NameAnchor = { sortName: string; name: string; id: string } | { unnamedAfter: string | null };

/** Where a page starts: after skipping that many hits, or after an anchor of the name order. */
export type PageStart = number | NameAnchor;

export interface ContentLocaleRow {
  locale: string;
  name: string;
  description: string;
}

export interface ContentHit {
  id: string;
  contentType: string;
  sourceExtension: string;
  ownerUsername: string;
  ownerFullName: string;
  state: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  locales: ContentLocaleRow[];
}

export interface ContentSourceInfo {
  fileName: string;
  mimeType: string;
  size: number;
  durationMs: number | null;
}

/** A content's tags and metadata, as findByProperties returns them with returnItags / returnImetadata. */
export interface ContentTagging {
  itags: { id: string; classificationId: string; prettyId: string | null }[];
  imetadata: { classificationId: string; key: string; value: string; lang: string | null }[];
}

/** Escapes LIKE wildcards so user text is matched literally (the default escape character is `\`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether a pattern is `%…%` around one literal without a line break: it matches text of several
 * lines exactly when it matches one of them.
 */
export function isOneLiteral(pattern: string): boolean {
  if (pattern.length < 2 || !pattern.startsWith('%') || !pattern.endsWith('%')) return false;
  const inner = pattern.slice(1, -1);
  for (let i = 0; i < inner.length; i += 1) {
    const escaped = inner[i] === '\\';
    // An escape takes the next character literally; one at the very end would escape the closing %.
    if (escaped) i += 1;
    const c = inner[i];
    if (c === undefined || c === '\n' || (!escaped && (c === '%' || c === '_'))) return false;
  }
  return true;
}

/** THRON's EXACT_MATCH: the key anywhere in the field, case-insensitively. */
export function exactMatchPatterns(key: string): string[] {
  return [`%${likeLiteral(key)}%`];
}

/** THRON's BY_TOKEN: every word, in the given order. */
export function byTokenPatterns(key: string): string[] {
  const words = wordsOf(key);
  return words.length ? [`%${words.map(likeLiteral).join('%')}%`] : [];
}

/** One pattern per word (content/search's all_word_match and any_word_match). */
export function perWordPatterns(key: string): string[] {
  return wordsOf(key).map((w) => `%${likeLiteral(w)}%`);
}

function wordsOf(key: string): string[] {
  return key.split(/\s+/).filter((w) => w !== '');
}
