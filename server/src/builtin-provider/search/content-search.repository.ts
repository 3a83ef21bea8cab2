import { Injectable } from '@nestjs/common';
import { Prisma } from '../../generated/provider/client';
import { ACCESS_GENERATION_SQL, folderRightsSql } from '../access/access.repository';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';
import { FolderScopeCache, type FolderScope } from './folder-scope-cache';
import {
  isOneLiteral,
  type ContentHit,
  type ContentOrder,
  type ContentQuery,
  type ContentSourceInfo,
  type ContentTagging,
  type FolderRef,
  type MetadataClause,
  type MetadataGroup,
  type NameAnchor,
  type PageStart,
  type TextCriterion,
} from './content-search.types';

/** The parts of a page's details a caller asks for (ContentSearchRepository.details). */
export interface DetailParts {
  source: boolean;
  links: boolean;
  /** Tags and metadata. */
  tagging: boolean;
}

/** One hit's details: each part empty (source undefined) when it was not asked for. */
export interface ContentDetails {
  source?: ContentSourceInfo;
  links: { id: string; prettyId: string }[];
  tagging: ContentTagging;
}

interface DetailRow {
  id: string;
  source: ContentSourceInfo | null;
  links: ContentDetails['links'] | null;
  itags: ContentTagging['itags'] | null;
  imetadata: ContentTagging['imetadata'] | null;
}

/** No total, an exact one, or one that stops counting after `upTo` hits. */
export type CountMode = 'none' | 'exact' | { upTo: number };

/** Up to this many folder links, a search starts from the folders' links rather than from a sort index. */
const SMALL_SCOPE = 20_000;

interface HitRow {
  id: string;
  content_type: string;
  source_extension: string;
  owner_username: string;
  owner_full_name: string;
  state: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What a page reads of each content it lists (HitRow). */
const HIT_COLUMNS = Prisma.sql`c.id, c.content_type, c.source_extension, c.owner_username, c.owner_full_name,
  c.state, c.version, c.created_at, c.updated_at`;

/**
 * Content search over the provider schema, shaped for the indexes of prisma/provider/schema.prisma
 * so it stays fast at a million contents:
 * - folder scope and ACL: the folder ids first (recursive CTE over category.parent_id for cascade,
 *   intersected with the folders the user's groups may `show`), then one statement per page and
 *   one for the total, planned by the size of that scope (scopedContents);
 * - text: ILIKE on content_locale.name and tag_definition.search_text (trigram GIN indexes), or for
 *   the IT name and tags on content.search_text (see nameOrTagCondition);
 * - sort: content(created_at) / content(updated_at) btrees walked backwards or forwards;
 * - metadata: content_metadata (key, value) and (key, value_num) btrees, or (content_id, key).
 * Every user value travels as a bind parameter (Prisma.sql), never as SQL text.
 */
@Injectable()
export class ContentSearchRepository {
  private readonly scopes = new FolderScopeCache();

  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /**
   * One page of hits and, as `count` asks, their total: resolves the folder scope once for both
   * and runs the page and the count side by side. A page starts at an offset, or by name after an
   * anchor (nameAnchorAfter).
   */
  async search(
    query: ContentQuery,
    order: ContentOrder,
    start: PageStart,
    limit: number,
    count: CountMode,
  ): Promise<{ hits: ContentHit[]; total?: number }> {
    if (typeof start !== 'number' && order.field !== 'name') throw new Error('a name anchor orders by name');
    const folders = await this.folderScope(query);
    const [hits, total] = await Promise.all([
      this.find(query, folders, order, start, limit),
      count === 'none' ? undefined : this.count(query, folders, count),
    ]);
    return { hits, total };
  }

  /** Where the name order goes on after `id`: its name's key in the sort's locale, or among the unnamed. */
  async nameAnchorAfter(id: string, locale: string): Promise<NameAnchor> {
    const [row] = await this.prisma.$queryRaw<{ sort_name: string; name: string }[]>`
      SELECT sort_name, name FROM provider.content_locale WHERE content_id = ${id}::uuid AND locale = ${locale}`;
    return row ? { sortName: row.sort_name, name: row.name, id } : { unnamedAfter: id };
  }

  private async find(
    query: ContentQuery,
    folders: FolderScope,
    order: ContentOrder,
    start: PageStart,
    limit: number,
  ): Promise<ContentHit[]> {
    if (limit === 0 || !folders.allowed.length) return [];
    if (order.field === 'name' && !folders.small)
      return this.withLocales(await this.findByName(query, folders, order, start, limit), order.locale);
    const offset = typeof start === 'number' ? start : 0;
    const after = typeof start === 'number' ? Prisma.empty : Prisma.sql`AND ${afterInJoin(start, order)}`;
    // The page's ids first, then their rows: the contents an offset skips are read from the sort's
    // index alone (created_at, id, trashed_at), not each from the table (issue 26).
    const rows = await this.prisma.$queryRaw<HitRow[]>`
      ${scopedContents(folders)}
      SELECT ${HIT_COLUMNS}
      FROM provider.content c
      ${orderJoin(order)}
      WHERE c.id IN (
        SELECT c.id
        ${fromContents(folders)}
        ${orderJoin(order)}
        WHERE ${conditions(query, folders)} ${after}
        ORDER BY ${orderBy(order, query.text)}
        LIMIT ${limit} OFFSET ${offset})
      ORDER BY ${orderBy(order, query.text)}`;
    return this.withLocales(rows, order.locale);
  }

  /**
   * A page by name of a large scope, walked in the names' order (content_locale's (locale, sort_name,
   * name, content_id) index) rather than every content of the scope joined to its name and sorted:
   * 250 ms a page at 100,000 contents (issue 26). The contents without a name in the sort's locale come
   * last, by id, as the join's NULLS LAST had them: asked only once the named ones run out. From an
   * anchor the walk starts at its key in that index, where an offset reads every entry it skips.
   */
  private async findByName(
    query: ContentQuery,
    folders: FolderScope,
    order: ContentOrder,
    start: PageStart,
    limit: number,
  ): Promise<HitRow[]> {
    const dir = Prisma.raw(order.descending ? 'DESC' : 'ASC');
    const offset = typeof start === 'number' ? start : 0;
    const anchor = typeof start === 'number' ? undefined : start;
    let ids: string[] = [];
    if (!anchor || 'sortName' in anchor) {
      const after = anchor
        ? Prisma.sql`AND (n.sort_name, n.name, n.content_id) ${beyond(order)} (${anchor.sortName}, ${anchor.name}, ${anchor.id}::uuid)`
        : Prisma.empty;
      // Ids only: the walk reads the indexes alone ((id, trashed_at) for the trashed check), the page's
      // rows are read after it.
      const named = await this.prisma.$queryRaw<{ id: string }[]>`
        SELECT c.id
        FROM provider.content_locale n JOIN provider.content c ON c.id = n.content_id
        WHERE n.locale = ${order.locale} AND ${conditions(query, folders)} ${after}
        ORDER BY n.sort_name ${dir}, n.name ${dir}, c.id ${dir}
        LIMIT ${limit} OFFSET ${offset}`;
      ids = named.map((r) => r.id);
    }
    if (ids.length < limit) {
      // How far into the unnamed ones an offset reaches; after a page's last named one or an anchor, none.
      const skip = anchor || ids.length ? 0 : offset - (await this.countNamed(query, folders, order));
      const after =
        anchor && 'unnamedAfter' in anchor && anchor.unnamedAfter !== null
          ? Prisma.sql`AND c.id ${beyond(order)} ${anchor.unnamedAfter}::uuid`
          : Prisma.empty;
      const unnamed = await this.prisma.$queryRaw<{ id: string }[]>`
        SELECT c.id
        FROM provider.content c
        WHERE ${conditions(query, folders)} ${after}
          AND NOT EXISTS (SELECT 1 FROM provider.content_locale n
                          WHERE n.content_id = c.id AND n.locale = ${order.locale})
        ORDER BY c.id ${dir}
        LIMIT ${limit - ids.length} OFFSET ${skip}`;
      ids = [...ids, ...unnamed.map((r) => r.id)];
    }
    if (!ids.length) return [];
    const rows = await this.prisma.$queryRaw<HitRow[]>`
      SELECT ${HIT_COLUMNS} FROM provider.content c WHERE c.id = ANY(${ids}::uuid[])`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** How many contents of the scope have a name in the sort's locale. */
  private async countNamed(query: ContentQuery, folders: FolderScope, order: ContentOrder): Promise<number> {
    const [row] = await this.prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total
      FROM provider.content_locale n JOIN provider.content c ON c.id = n.content_id
      WHERE n.locale = ${order.locale} AND ${conditions(query, folders)}`;
    return row?.total ?? 0;
  }

  /** Counting stops after `upTo` hits: the cost follows the bound, not the size of the catalogue. */
  private async count(
    query: ContentQuery,
    folders: FolderScope,
    count: 'exact' | { upTo: number },
  ): Promise<number> {
    if (!folders.allowed.length) return 0;
    const limit = count === 'exact' ? Prisma.empty : Prisma.sql`LIMIT ${count.upTo}`;
    const [row] = await this.prisma.$queryRaw<{ total: bigint }[]>`
      SELECT count(*) AS total FROM (
        ${scopedContents(folders)}
        SELECT 1 ${fromContents(folders)} WHERE ${conditions(query, folders)} ${limit}
      ) hits`;
    return Number(row?.total ?? 0);
  }

  /**
   * The folder ids a search may draw from, resolved first and passed on as arrays (a CTE inside
   * the main query would hide their number from the planner): `allowed` = folders the user's
   * groups may `show` ∩ the named folders (with their descendants when cascading); `excluded` =
   * the negated folders, likewise. `small` says whether the allowed folders hold few links, which
   * picks the plan (see scopedContents).
   */
  private async folderScope(q: ContentQuery): Promise<FolderScope> {
    // A one-row read, where the scope below is a recursive tree, the rights and a link count: the
    // profile under load (docs/benchmarks.md) had that query in every search.
    const [{ n: generation }] = await this.prisma.$queryRaw<{ n: bigint }[]>(ACCESS_GENERATION_SQL);
    const cached = this.scopes.get(q, generation);
    if (cached) return cached;
    const computed = await this.computeFolderScope(q);
    this.scopes.set(q, generation, computed);
    return computed;
  }

  private async computeFolderScope(q: ContentQuery): Promise<FolderScope> {
    // The link count reads at most SMALL_SCOPE + 1 entries of content_category_pkey.
    const [scope] = await this.prisma.$queryRaw<{ allowed: string[]; excluded: string[]; links: number }[]>`
      WITH RECURSIVE
      included AS (${folderTree(q.inFolders, 'included')}),
      excluded AS (${folderTree(q.notInFolders, 'excluded')}),
      allowed AS (
        SELECT r.category_id AS id FROM (${folderRightsSql(q.scope)}) r
        ${q.inFolders.length ? Prisma.sql`WHERE r.category_id IN (SELECT i.id FROM included i)` : Prisma.empty}
      )
      SELECT ARRAY(SELECT id FROM allowed)::text[] AS allowed,
             ARRAY(SELECT DISTINCT id FROM excluded)::text[] AS excluded,
             (SELECT count(*)::int FROM (
                SELECT 1 FROM provider.content_category
                WHERE category_id IN (SELECT id FROM allowed) LIMIT ${SMALL_SCOPE + 1}
              ) s) AS links`;
    const allowed = scope?.allowed ?? [];
    return { allowed, excluded: scope?.excluded ?? [], small: (scope?.links ?? 0) <= SMALL_SCOPE };
  }

  /**
   * What a page shows of each hit beyond its row, as `want` asks: its current version's source file,
   * the folders it is linked to (id and prettyId, in the order linked), its tags (in the order
   * applied) and its metadata (in the order written). One statement for the page, where one per
   * part and per relation cost the load profile most of its database work (issue 26).
   */
  async details(ids: string[], want: DetailParts): Promise<Map<string, ContentDetails>> {
    if (!ids.length || !(want.source || want.links || want.tagging)) return new Map();
    const part = (wanted: boolean, sql: Prisma.Sql) => (wanted ? sql : Prisma.sql`NULL`);
    const rows = await this.prisma.$queryRaw<DetailRow[]>`
      SELECT c.id,
        ${part(
          want.source,
          Prisma.sql`(SELECT json_build_object('fileName', s.file_name, 'mimeType', s.mime_type, 'size', s.size,
                                               'durationMs', s.duration_ms)
                        FROM provider.content_source s
                       WHERE s.content_id = c.id AND s.version = c.version LIMIT 1)`,
        )} AS source,
        ${part(
          want.links,
          Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', k.id, 'prettyId', k.pretty_id)
                                               ORDER BY cc.linked_at, k.id), '[]'::json)
                        FROM provider.content_category cc JOIN provider.category k ON k.id = cc.category_id
                       WHERE cc.content_id = c.id)`,
        )} AS links,
        ${part(
          want.tagging,
          Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', t.id, 'classificationId', ct.classification_id,
                                                                 'prettyId', t.pretty_id)
                                               ORDER BY ct.created_at, t.id), '[]'::json)
                        FROM provider.content_tag ct JOIN provider.tag_definition t ON t.id = ct.tag_id
                       WHERE ct.content_id = c.id)`,
        )} AS itags,
        ${part(
          want.tagging,
          Prisma.sql`(SELECT coalesce(json_agg(json_build_object('classificationId', m.classification_id, 'key', m.key,
                                                                 'value', m.value, 'lang', m.lang)
                                               ORDER BY m.id), '[]'::json)
                        FROM provider.content_metadata m WHERE m.content_id = c.id)`,
        )} AS imetadata
      FROM provider.content c
      WHERE c.id = ANY(${ids.filter(isUuid).map((id) => id.toLowerCase())}::uuid[])`;
    return new Map(
      rows.map((r) => [
        r.id,
        {
          source: r.source ?? undefined,
          links: r.links ?? [],
          tagging: { itags: r.itags ?? [], imetadata: r.imetadata ?? [] },
        },
      ]),
    );
  }

  private async withLocales(rows: HitRow[], preferred: string): Promise<ContentHit[]> {
    if (!rows.length) return [];
    const locales = await this.prisma.contentLocale.findMany({
      where: { contentId: { in: rows.map((r) => r.id) } },
      select: { contentId: true, locale: true, name: true, description: true },
      orderBy: { locale: 'asc' },
    });
    return rows.map((r) => ({
      id: r.id,
      contentType: r.content_type,
      sourceExtension: r.source_extension,
      ownerUsername: r.owner_username,
      ownerFullName: r.owner_full_name,
      state: r.state,
      version: r.version,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      // THRON returns the preferred locale first (research §3.2 `locale`).
      locales: locales
        .filter((l) => l.contentId === r.id)
        .sort((a, b) => Number(b.locale === preferred) - Number(a.locale === preferred))
        .map(({ locale, name, description }) => ({ locale, name, description })),
    }));
  }
}

/**
 * Two plans, picked by the size of the folder scope, because PostgreSQL assumes a folder's
 * contents are spread evenly over the whole table and would otherwise walk the created_at index
 * through a million contents to fill one page of a 5,000-item folder:
 * - small scope: the folders' links first (content_category_pkey), then each content by its
 *   primary key (the LATERAL … OFFSET 0 keeps that a per-link lookup), then a top-N sort;
 * - large scope (or everything visible): content walked in sort order, each row checked
 *   against the folder set (content_category (content_id, category_id), index only), stopping after one page.
 */
function scopedContents(folders: FolderScope): Prisma.Sql {
  if (!folders.small) return Prisma.empty;
  return Prisma.sql`
    WITH scoped AS MATERIALIZED (
      SELECT DISTINCT cc.content_id AS id FROM provider.content_category cc
      WHERE cc.category_id = ANY(${folders.allowed}::uuid[])
    )`;
}

function fromContents(folders: FolderScope): Prisma.Sql {
  if (!folders.small) return Prisma.sql`FROM provider.content c`;
  return Prisma.sql`FROM scoped s CROSS JOIN LATERAL (
      SELECT * FROM provider.content c0 WHERE c0.id = s.id OFFSET 0
    ) c`;
}

/** A recursive folder set: the named folders (by id or prettyId), then children of cascading ones. */
function folderTree(refs: FolderRef[], self: 'included' | 'excluded'): Prisma.Sql {
  if (!refs.length) return Prisma.sql`SELECT NULL::uuid AS id, false AS cascade WHERE false`;
  const ids = refs.map((r) => (isUuid(r.ref) ? r.ref.toLowerCase() : null));
  return Prisma.sql`
    SELECT c.id, r.cascade
    FROM unnest(${refs.map((r) => r.ref)}::text[], ${ids}::uuid[], ${refs.map((r) => r.cascade)}::boolean[])
      AS r(ref, uid, cascade)
    JOIN provider.category c ON c.id = r.uid OR c.pretty_id = r.ref
    UNION
    SELECT ch.id, true
    FROM provider.category ch
    JOIN ${Prisma.raw(self)} p ON ch.parent_id = p.id AND p.cascade`;
}

function conditions(q: ContentQuery, folders: FolderScope): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`c.trashed_at IS NULL`];
  // A small scope already starts from the allowed folders' links. A large one with a text condition is
  // checked per content that passes the text (content_category (content_id, category_id), index only):
  // a scalar subquery stays that per-row probe, where an EXISTS may be planned as a hash of every link in
  // scope, whose cost grows with the catalogue while a page or a capped count stops after a bounded number
  // of contents. Without text the planner may start from the links themselves, which counts a large
  // folder fastest.
  if (!folders.small && q.text)
    parts.push(Prisma.sql`(SELECT true FROM provider.content_category cc
                           WHERE cc.content_id = c.id AND cc.category_id = ANY(${folders.allowed}::uuid[]) LIMIT 1)`);
  else if (!folders.small)
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM provider.content_category cc
                        WHERE cc.content_id = c.id AND cc.category_id = ANY(${folders.allowed}::uuid[]))`);
  if (folders.excluded.length)
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM provider.content_category cx
                          WHERE cx.content_id = c.id AND cx.category_id = ANY(${folders.excluded}::uuid[]))`);
  if (q.contentIds) {
    const ids = q.contentIds.filter(isUuid).map((id) => id.toLowerCase());
    parts.push(Prisma.sql`c.id = ANY(${ids}::uuid[])`);
  }
  if (q.contentTypes) parts.push(Prisma.sql`c.content_type = ANY(${q.contentTypes}::text[])`);
  if (q.extensions) parts.push(Prisma.sql`c.source_extension = ANY(${q.extensions}::text[])`);
  if (q.createdFrom) parts.push(Prisma.sql`c.created_at >= ${q.createdFrom}`);
  if (q.createdTo) parts.push(Prisma.sql`c.created_at <= ${q.createdTo}`);
  if (q.owners) parts.push(Prisma.sql`c.owner_username = ANY(${q.owners}::text[])`);
  if (q.notOwners) parts.push(Prisma.sql`c.owner_username <> ALL(${q.notOwners}::text[])`);
  if (q.text) parts.push(textCondition(q.text, q.textLocales));
  for (const group of q.metadata) parts.push(metadataCondition(group));
  if (q.metadataMissingAny?.length) parts.push(missingAnyCondition(q.metadataMissingAny));
  for (const ref of q.tagsAll ?? []) parts.push(Prisma.sql`EXISTS (${taggedWith(ref)})`);
  for (const ref of q.tagsNone ?? []) parts.push(Prisma.sql`NOT EXISTS (${taggedWith(ref)})`);
  return Prisma.join(parts, ' AND ');
}

/** The content's link to one tag, named by id or prettyId (content_tag's primary key, then one row). */
function taggedWith(ref: string): Prisma.Sql {
  return Prisma.sql`SELECT 1 FROM provider.content_tag ct JOIN provider.tag_definition t ON t.id = ct.tag_id
                    WHERE ct.content_id = c.id AND (t.pretty_id = ${ref} OR t.id::text = ${ref.toLowerCase()})`;
}

/**
 * Each pattern must (or may) match one of the fields. Written as `c.id IN (… UNION …)` so that
 * PostgreSQL answers the name and tag branches from their trigram GIN indexes and semi-joins the
 * small result, instead of probing every content.
 */
function textCondition(text: TextCriterion, locales: string[]): Prisma.Sql {
  if (inSearchText(text, locales)) return nameOrTagCondition(text, locales);
  const perPattern = text.patterns.map((pattern) => {
    const branches: Prisma.Sql[] = [];
    const inLocale = locales.length ? Prisma.sql`AND l.locale = ANY(${locales}::text[])` : Prisma.empty;
    if (text.fields.includes('NAME'))
      branches.push(Prisma.sql`SELECT l.content_id FROM provider.content_locale l
                               WHERE l.name ILIKE ${pattern} ${inLocale}`);
    if (text.fields.includes('DESCRIPTION'))
      branches.push(Prisma.sql`SELECT l.content_id FROM provider.content_locale l
                               WHERE l.description ILIKE ${pattern} ${inLocale}`);
    if (text.fields.includes('ITAGS'))
      branches.push(Prisma.sql`SELECT ct.content_id FROM provider.content_tag ct
                               JOIN provider.tag_definition t ON t.id = ct.tag_id
                               WHERE t.search_text ILIKE ${pattern}`);
    if (text.fields.includes('METADATA'))
      branches.push(
        Prisma.sql`SELECT m.content_id FROM provider.content_metadata m WHERE m.value ILIKE ${pattern}`,
      );
    const owner = text.fields.includes('OWNER')
      ? Prisma.sql` OR c.owner_username ILIKE ${pattern} OR c.owner_full_name ILIKE ${pattern}`
      : Prisma.empty;
    const inBranches = branches.length
      ? Prisma.sql`c.id IN (${Prisma.join(branches, ' UNION ')})`
      : Prisma.sql`false`;
    return Prisma.sql`(${inBranches}${owner})`;
  });
  if (!perPattern.length) return Prisma.sql`true`;
  return Prisma.sql`(${Prisma.join(perPattern, text.all ? ' AND ' : ' OR ')})`;
}

/** The locale whose names content.search_text holds, beside every tag's search_text (the hub's: SPEC §7). */
const SEARCH_TEXT_LOCALE = 'IT';

/** Whether a match of this search is always a match in content.search_text (which can then pre-filter it). */
function inSearchText(text: TextCriterion, locales: string[]): boolean {
  if (!text.fields.length || !text.fields.every((f) => f === 'NAME' || f === 'ITAGS')) return false;
  return (
    !text.fields.includes('NAME') || (locales.length > 0 && locales.every((l) => l === SEARCH_TEXT_LOCALE))
  );
}

/**
 * NAME and ITAGS only, in IT (the hub's search), or ITAGS alone: content.search_text filters each content
 * first, so PostgreSQL may walk the sort index and stop after one page when the word is common, or read
 * the trigram index of search_text when it is rare. When the search is exactly "the IT name or a tag"
 * and every pattern is one literal (`%…%`, no line break), that test is exact: a match in search_text is
 * a match in one of its lines, which are those fields, and nothing else is read per content. Otherwise
 * (ITAGS alone, words in order) the exact per-field test follows on the few contents that pass. It is
 * one EXISTS over a UNION ALL, evaluated per content: two OR-ed EXISTS would be planned as hashes of
 * every match in the table.
 */
function nameOrTagCondition(text: TextCriterion, locales: string[]): Prisma.Sql {
  const exact = text.fields.includes('NAME') && text.fields.includes('ITAGS');
  const inLocale = locales.length ? Prisma.sql`AND l.locale = ANY(${locales}::text[])` : Prisma.empty;
  const perPattern = text.patterns.map((pattern) => {
    if (exact && isOneLiteral(pattern)) return Prisma.sql`c.search_text ILIKE ${pattern}`;
    const branches: Prisma.Sql[] = [];
    if (text.fields.includes('NAME'))
      branches.push(Prisma.sql`SELECT 1 FROM provider.content_locale l
                               WHERE l.content_id = c.id AND l.name ILIKE ${pattern} ${inLocale}`);
    if (text.fields.includes('ITAGS'))
      branches.push(Prisma.sql`SELECT 1 FROM provider.content_tag ct
                               JOIN provider.tag_definition t ON t.id = ct.tag_id
                               WHERE ct.content_id = c.id AND t.search_text ILIKE ${pattern}`);
    return Prisma.sql`(c.search_text ILIKE ${pattern} AND EXISTS (${Prisma.join(branches, ' UNION ALL ')}))`;
  });
  if (!perPattern.length) return Prisma.sql`true`;
  return Prisma.sql`(${Prisma.join(perPattern, text.all ? ' AND ' : ' OR ')})`;
}

function clauseCondition(clause: MetadataClause): Prisma.Sql {
  const test = {
    EQUAL: () => Prisma.sql`m.value = ${clause.value}`,
    LESS: () => Prisma.sql`m.value_num < ${clause.num}`,
    MORE: () => Prisma.sql`m.value_num > ${clause.num}`,
    BETWEEN: () => Prisma.sql`m.value_num BETWEEN ${clause.num} AND ${clause.num2}`,
  }[clause.operator]();
  return Prisma.sql`EXISTS (SELECT 1 FROM provider.content_metadata m
                            WHERE m.content_id = c.id AND m.key = ${clause.key} AND ${test})`;
}

/** At least one of `keys` without a value: no row of that key, or only blank ones (docs/saved-searches.md). */
function missingAnyCondition(keys: readonly string[]): Prisma.Sql {
  return Prisma.sql`(SELECT count(DISTINCT m.key) FROM provider.content_metadata m
                     WHERE m.content_id = c.id AND m.key = ANY(${[...keys]}::text[])
                       AND btrim(m.value) <> '') < ${new Set(keys).size}`;
}

/** SPEC §3 combinators: must contain (all), must not contain (none), at least one. */
function metadataCondition(group: MetadataGroup): Prisma.Sql {
  const clauses = group.clauses.map(clauseCondition);
  if (group.combinator === 'MUST') return Prisma.sql`(${Prisma.join(clauses, ' AND ')})`;
  if (group.combinator === 'MUST_NOT') return Prisma.sql`NOT (${Prisma.join(clauses, ' OR ')})`;
  return Prisma.sql`(${Prisma.join(clauses, ' OR ')})`;
}

function orderJoin(order: ContentOrder): Prisma.Sql {
  if (order.field !== 'name') return Prisma.empty;
  // The name in the sort locale (THRON sorts by the request's `locale`); a plain join lets the
  // planner hash it for large sets, where a per-row lookup would not scale.
  return Prisma.sql`
    LEFT JOIN provider.content_locale n ON n.content_id = c.id AND n.locale = ${order.locale}`;
}

/** The comparison that keeps what comes after an anchor in the order's direction. */
function beyond(order: ContentOrder): Prisma.Sql {
  return Prisma.raw(order.descending ? '<' : '>');
}

/**
 * What comes after `anchor` in the name order over orderJoin's join (n NULL: no name in the locale),
 * the same order as orderBy's: the named ones after its key, then every unnamed one; or, after an
 * unnamed anchor, the unnamed ones after its id.
 */
function afterInJoin(anchor: NameAnchor, order: ContentOrder): Prisma.Sql {
  if ('sortName' in anchor)
    return Prisma.sql`((n.sort_name, n.name, c.id) ${beyond(order)} (${anchor.sortName}, ${anchor.name}, ${anchor.id}::uuid)
                       OR n.sort_name IS NULL)`;
  if (anchor.unnamedAfter === null) return Prisma.sql`n.sort_name IS NULL`;
  return Prisma.sql`(n.sort_name IS NULL AND c.id ${beyond(order)} ${anchor.unnamedAfter}::uuid)`;
}

function orderBy(order: ContentOrder, text: TextCriterion | undefined): Prisma.Sql {
  const dir = Prisma.raw(order.descending ? 'DESC' : 'ASC');
  const newestFirst = Prisma.sql`c.created_at DESC, c.id DESC`;
  switch (order.field) {
    case 'creationDate':
      return Prisma.sql`c.created_at ${dir}, c.id ${dir}`;
    case 'lastUpdate':
      return Prisma.sql`c.updated_at ${dir}, c.id ${dir}`;
    case 'name':
      // sort_name is lower(name), kept by a trigger (provider migration 20261211000000).
      return Prisma.sql`n.sort_name ${dir} NULLS LAST, n.name ${dir}, c.id ${dir}`;
    case 'relevance':
      // Trigram similarity of the best-matching name to the key; without a key, newest first.
      if (!text) return newestFirst;
      return Prisma.sql`(SELECT max(public.similarity(l.name, ${text.key}))
                         FROM provider.content_locale l WHERE l.content_id = c.id) ${dir} NULLS LAST,
                        ${newestFirst}`;
  }
}
