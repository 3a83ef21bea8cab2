/**
 * The metadata search of SPEC §3, as the hub's `metadata` parameter takes it and the web's filter
 * panel builds it: groups of clauses, each group joined by a combinator (must contain, must not
 * contain, at least one), each clause a key, an operator and one or two values.
 */
export const METADATA_OPERATORS = ['EQUAL', 'LESS', 'MORE', 'BETWEEN'] as const;
export type MetadataOperator = (typeof METADATA_OPERATORS)[number];

export const METADATA_COMBINATORS = ['MUST', 'MUST_NOT', 'AT_LEAST_ONE'] as const;
export type MetadataCombinator = (typeof METADATA_COMBINATORS)[number];

export interface MetadataClause {
  key: string;
  operator: MetadataOperator;
  value: string;
  /** BETWEEN only: the upper bound. */
  value2?: string;
}

export interface MetadataFilter {
  /** MUST: every clause holds; MUST_NOT: none does; AT_LEAST_ONE: one does. */
  combinator: MetadataCombinator;
  clauses: MetadataClause[];
}

/** The hub's bounds: at most this many groups, and clauses in a group. */
export const METADATA_FILTER_LIMITS = { groups: 5, clauses: 10 } as const;

/** LESS, MORE and BETWEEN compare numbers or dates (ISO, e.g. 2024-05-31). */
export function isComparableMetadataValue(value: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(value.trim()) || !Number.isNaN(Date.parse(value));
}

/** What is wrong with one clause, or null: a key, a value, and a second value for BETWEEN. */
export function metadataClauseProblem(
  clause: MetadataClause,
): 'keyRequired' | 'valueRequired' | 'notComparable' | null {
  if (!clause.key.trim()) return 'keyRequired';
  if (!clause.value.trim() || (clause.operator === 'BETWEEN' && !clause.value2?.trim()))
    return 'valueRequired';
  if (clause.operator === 'EQUAL') return null;
  const values = clause.operator === 'BETWEEN' ? [clause.value, clause.value2 ?? ''] : [clause.value];
  return values.every(isComparableMetadataValue) ? null : 'notComparable';
}

/** Metadata keys of SPEC §3 a user searches by (offered as suggestions; any key may be typed). */
export const SEARCHABLE_METADATA_KEYS = [
  'authorinfo',
  'bodycolor',
  'commercialname',
  'copyrightdate',
  'creation_date',
  'embargodate',
  'eventdate',
  'location',
  'modelyear',
  'modeltypename',
  'nationinfo',
  'targa',
  'typology',
  'vin',
] as const;
