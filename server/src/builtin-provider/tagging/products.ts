import { Controller, Get, Injectable, Param, Query, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ENRICHMENT_CLASSIFICATIONS, LIMITS } from '@paddock/rules';
import { z } from 'zod';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { AccessRepository } from '../access/access.repository';
import { contentRights } from '../access/content-rights';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ThronError, ok } from '../thron.errors';
import { isUuid } from '../uuid';
import { TAGGING_FAILURES } from './tagging.errors';

const PRODUCTS = ENRICHMENT_CLASSIFICATIONS.products;

/** The listing's query: an opaque cursor (the last id of the previous page), ids comma-joined. */
export const productListSchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  ids: z
    .string()
    .max(5_000)
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean).slice(0, LIMITS.idChunkSize) : undefined)),
  limit: z.coerce.number().int().min(1).max(LIMITS.idChunkSize).default(LIMITS.idChunkSize),
});
export type ProductListQuery = z.infer<typeof productListSchema>;

type Names = { lang: string; label: string }[];

/** A product as the listing gives it: names by language and its tags by classification (SPEC §3). */
function productOf(row: { id: string; prettyId: string | null; names: unknown }) {
  const names = row.names as Names;
  return {
    id: row.id,
    prettyId: row.prettyId,
    name: Object.fromEntries(names.map((n) => [n.lang.toLowerCase(), n.label])),
    tags: [{ classificationId: PRODUCTS, ids: [row.id] }],
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
    private readonly prisma: BuiltinProviderPrismaService,
    private readonly access: AccessRepository,
  ) {}

  async list(query: ProductListQuery) {
    const after = query.cursor ? idOfCursor(query.cursor) : undefined;
    const rows = await this.prisma.tagDefinition.findMany({
      where: {
        classificationId: PRODUCTS,
        ...(query.ids
          ? { OR: [{ id: { in: query.ids.filter(isUuid) } }, { prettyId: { in: query.ids } }] }
          : {}),
        ...(after && isUuid(after) ? { id: { gt: after } } : {}),
      },
      orderBy: { id: 'asc' },
      take: query.limit + 1,
    });
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
    const links = await this.prisma.contentTag.findMany({
      where: { contentId, classificationId: PRODUCTS },
      include: { tag: true },
      orderBy: { tagId: 'asc' },
    });
    return ok({ contentId, items: links.map((l) => productOf(l.tag)) });
  }
}

/** THRON's product data (research: only a third-party example of its v1 API); not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/productdata/resources')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('products/:clientId')
  @Authenticated({ clientId: 'path' })
  list(@Query(new ThronInputPipe(productListSchema)) query: ProductListQuery) {
    return this.products.list(query);
  }

  @Get('contents/:clientId/:contentId/products')
  @Authenticated({ clientId: 'path' })
  ofContent(@Caller() caller: ProviderCaller, @Param('contentId') contentId: string) {
    return this.products.ofContent(caller, contentId);
  }
}
