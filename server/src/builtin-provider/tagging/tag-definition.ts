import { Body, Controller, Get, HttpCode, Injectable, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { z } from 'zod';
import { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { mayWriteTagging } from '../access/content-rights';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { isUuid } from '../uuid';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ThronError, ok } from '../thron.errors';
import { tagDefinitionListSchema, type TagDefinitionListRequest } from './tagging.dto';
import { TAGGING_FAILURES } from './tagging.errors';

/** itagdefinition/insert (research §4.1): `{value:{names[{lang, label ≤150, description ≤10000}], categorized, prettyId?}}`. */
export const tagDefinitionInsertSchema = z.object({
  value: z.object({
    names: z
      .array(
        z.object({
          lang: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .transform((v) => v.toUpperCase()),
          label: z.string().trim().min(1).max(150),
          description: z.string().max(10_000).default(''),
        }),
      )
      .min(1),
    categorized: z.boolean().default(false),
    prettyId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .optional(),
  }),
});
export type TagDefinitionInsertRequest = z.infer<typeof tagDefinitionInsertSchema>;

interface TagDefinitionItem {
  id: string;
  prettyId: string | null;
  classificationId: string;
  names: { lang: string; label: string; description: string }[];
  categorized: false;
  createdDate: string;
}

/**
 * THRON's itag definitions (research §4.1, §4.2): any signed-in user may define a free tag, but
 * only the service account one with a reserved workflow prettyId (mayWriteTagging).
 */
@Injectable()
export class TagDefinitionService {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async insert(caller: ProviderCaller, classificationId: string, body: TagDefinitionInsertRequest) {
    const { names, prettyId } = body.value;
    if (!mayWriteTagging(caller, { tagPrettyId: prettyId }))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    // The unique prettyId decides, so two requests for the same one cannot both succeed.
    const row = await this.prisma.tagDefinition
      .create({
        data: {
          classificationId,
          prettyId: prettyId ?? null,
          names,
          searchText: names
            .map((n) => n.label)
            .join(' ')
            .toLowerCase(),
        },
      })
      .catch((e: unknown) => {
        if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
          throw new ThronError(TAGGING_FAILURES.itagAlreadyDefined);
        throw e;
      });
    return ok({ item: toItem(row) });
  }

  /**
   * itagdefinition/list by ids or prettyIds (the tag fetch by ids; unknown ones are left out), or
   * without ids every tag of the classification. Tag definitions are a vocabulary any signed-in
   * user reads (THRON's own rule); which contents carry them is what the ACLs guard.
   */
  async list(classificationId: string, body: TagDefinitionListRequest) {
    const ids = body.criteria.ids;
    const where = {
      classificationId,
      ...(ids ? { OR: [{ id: { in: ids.filter(isUuid) } }, { prettyId: { in: ids } }] } : {}),
    };
    const [rows, totalResults] = await Promise.all([
      this.prisma.tagDefinition.findMany({
        where,
        orderBy: { createdAt: 'asc' },
        take: body.limit,
        skip: body.offset,
      }),
      this.prisma.tagDefinition.count({ where }),
    ]);
    return ok({ items: rows.map(toItem), totalResults });
  }

  async detail(classificationId: string, idOrPrettyId: string) {
    const row = await this.prisma.tagDefinition.findFirst({
      where: isUuid(idOrPrettyId)
        ? { OR: [{ id: idOrPrettyId }, { prettyId: idOrPrettyId }] }
        : { prettyId: idOrPrettyId },
    });
    if (!row) throw new ThronError(TAGGING_FAILURES.itagNotFound);
    if (row.classificationId !== classificationId)
      throw new ThronError(TAGGING_FAILURES.classificationNotFound);
    return ok({ item: toItem(row) });
  }
}

function toItem(row: {
  id: string;
  prettyId: string | null;
  classificationId: string;
  names: unknown;
  createdAt: Date;
}): TagDefinitionItem {
  return {
    id: row.id,
    prettyId: row.prettyId,
    classificationId: row.classificationId,
    names: row.names as TagDefinitionItem['names'],
    categorized: false,
    createdDate: row.createdAt.toISOString(),
  };
}

/** THRON's xintelligence itagdefinition service; not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xintelligence/resources/itagdefinition')
export class TagDefinitionController {
  constructor(private readonly definitions: TagDefinitionService) {}

  @Post('insert/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  insert(
    @Caller() caller: ProviderCaller,
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(tagDefinitionInsertSchema)) body: TagDefinitionInsertRequest,
  ) {
    return this.definitions.insert(caller, classificationId, body);
  }

  @Post('list/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  list(
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(tagDefinitionListSchema)) body: TagDefinitionListRequest,
  ) {
    return this.definitions.list(classificationId, body);
  }

  @Get('detail/:clientId/:classificationId/:id')
  @Authenticated({ clientId: 'path' })
  detail(@Param('classificationId') classificationId: string, @Param('id') id: string) {
    return this.definitions.detail(classificationId, id);
  }
}
