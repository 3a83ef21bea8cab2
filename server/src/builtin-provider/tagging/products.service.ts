import { Injectable } from '@nestjs/common';
import { ENRICHMENT_CLASSIFICATIONS } from '@paddock/rules';
import { AccessRepository } from '../access/access.repository';
import { contentRights } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok } from '../thron.errors';
import { ProductsRepository, type ProductRow } from './products.repository';
import type { ProductListQuery } from './tagging.dto';
import { TAGGING_FAILURES } from './tagging.errors';

type Names = { lang: string; label: string }[];

/** A product as the listing gives it: names by language and its tags by classification (SPEC §3). */
function productOf(row: ProductRow) {
  const names = row.names as Names;
  return {
    id: row.id,
    prettyId: row.prettyId,
    name: Object.fromEntries(names.map((n) => [n.lang.toLowerCase(), n.label])),
    tags: [{ classificationId: ENRICHMENT_CLASSIFICATIONS.products, ids: [row.id] }],
  };
}

const cursorOf = (id: string) => Buffer.from(id).toString('base64url');
const idOfCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString();

/**
 * The product listing (SPEC §7): the car models are the tags of the products classification, listed
 * in id order, a page at a time with `paging.next` (absent on the last page); and the products a
 * content is linked to, for a caller who sees the content. Any signed-in caller may list products.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly access: AccessRepository,
  ) {}

  async list(query: ProductListQuery) {
    const after = query.cursor ? idOfCursor(query.cursor) : undefined;
    const rows = await this.products.list(query.ids, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return ok({
      items: page.map(productOf),
      paging: more ? { next: cursorOf(page[page.length - 1]!.id) } : {},
    });
  }

  async ofContent(caller: ProviderCaller, contentId: string) {
    const access = (await this.access.contentAccess(caller, [contentId])).get(contentId);
    if (!access || !contentRights(access).read) throw new ThronError(TAGGING_FAILURES.targetNotFound);
    const products = await this.products.ofContent(contentId);
    return ok({ contentId, items: products.map(productOf) });
  }
}
