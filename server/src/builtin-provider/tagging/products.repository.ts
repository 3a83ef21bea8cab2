import { Injectable } from '@nestjs/common';
import { ENRICHMENT_CLASSIFICATIONS } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';
import { byAnyIdOrPrettyId } from './tag-definition.repository';

const PRODUCTS = ENRICHMENT_CLASSIFICATIONS.products;

/** A product as stored: a tag of the products classification. */
export interface ProductRow {
  id: string;
  prettyId: string | null;
  names: unknown;
}

/** The built-in provider's products: the tags of the products classification and their links to contents. */
@Injectable()
export class ProductsRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** Up to `take` products in id order, those `ids` name (ids or prettyIds) or all, after id `after`. */
  async list(ids: string[] | undefined, after: string | undefined, take: number): Promise<ProductRow[]> {
    return this.prisma.tagDefinition.findMany({
      where: {
        classificationId: PRODUCTS,
        ...byAnyIdOrPrettyId(ids),
        ...(after && isUuid(after) ? { id: { gt: after } } : {}),
      },
      orderBy: { id: 'asc' },
      take,
    });
  }

  /** The products a content is linked to, in id order. */
  async ofContent(contentId: string): Promise<ProductRow[]> {
    const links = await this.prisma.contentTag.findMany({
      where: { contentId, classificationId: PRODUCTS },
      include: { tag: true },
      orderBy: { tagId: 'asc' },
    });
    return links.map((l) => l.tag);
  }
}
