import { Body, Controller, Get, HttpCode, Injectable, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { sameTagName } from '@paddock/rules';
import { z } from 'zod';
import { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { mayDefineTag } from '../access/content-rights';
import { Authenticated, Caller, type ProviderCaller } from '../access/provider-caller';
import { isUuid } from '../uuid';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe, thronName } from '../thron-input.pipe';
import { ThronError, ok } from '../thron.errors';
import { tagDefinitionListSchema, type TagDefinitionListRequest } from './tagging.dto';
import { TAGGING_FAILURES } from './tagging.errors';

/**
 * itagdefinition/insert (research §4.1): `{value:{names[{lang, label ≤150, description ≤10000}],
 * categorized, prettyId?}}`; a label is a name by the hub's own rule (isValidName). SPEC §7's
 * `patch` (remove prettyId) is read as THRON reads unknown input: ignored, no prettyId is made up.
 */
export const tagDefinitionInsertSchema = z.object({
  value: z.object({
    names: z
      .array(
        z.object({
          lang: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .transform((v) => v.toUpperCase()),
          label: z.string().trim().min(1).pipe(thronName),
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
 * THRON's itag definitions (research §4.1, §4.2): whoever may tag somewhere defines free tags, the
 * service account tags of any classification, nobody a reserved workflow prettyId (mayDefineTag).
 * A classification's tags bear distinct names, ignoring case and language (sameTagName): a second
 * "Esterni" is ITAG_ALREADY_DEFINED, as a taken prettyId is.
 */
@Injectable()
export class TagDefinitionService {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async insert(caller: ProviderCaller, classificationId: string, body: TagDefinitionInsertRequest) {
    const { names, prettyId } = body.value;
    if (!mayDefineTag(caller, classificationId, prettyId))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    const row = await this.prisma
      .$transaction(async (tx) => {
        // One insert of a classification at a time, so two requests for one name cannot both pass.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`itagdefinition:${classificationId}`}, 0))`;
        const existing = await tx.tagDefinition.findMany({
          where: { classificationId },
          select: { names: true },
        });
        const taken = existing.some((tag) =>
          labelsOf(tag.names).some((old) => names.some((n) => sameTagName(n.label, old.label))),
        );
        if (taken) throw new ThronError(TAGGING_FAILURES.itagAlreadyDefined);
        // The unique prettyId decides between two requests for the same one.
        return tx.tagDefinition.create({
          data: {
            classificationId,
            prettyId: prettyId ?? null,
            names,
            searchText: names
              .map((n) => n.label)
              .join(' ')
              .toLowerCase(),
          },
        });
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
   * without ids every tag of the classification, paged. Tag names are no secret: any signed-in caller.
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
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
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

/** A stored `names` column's labels (it is always written as [{lang, label, description}]). */
function labelsOf(names: unknown): { label: string }[] {
  return Array.isArray(names) ? (names as { label: string }[]) : [];
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
