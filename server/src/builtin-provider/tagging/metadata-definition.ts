import { Body, Controller, HttpCode, Injectable, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { Authenticated } from '../access/provider-caller';
import { ThronExceptionFilter } from '../thron-exception.filter';
import { ThronInputPipe } from '../thron-input.pipe';
import { ok } from '../thron.errors';
import { isUuid } from '../uuid';
import { metadataDefinitionListSchema, type MetadataDefinitionListRequest } from './tagging.dto';

type Names = { lang: string; label: string; description?: string }[];
/** An enum option as stored: its value and its label per language. */
export type StoredOption = { value: string; names: { lang: string; label: string }[] };

/** The constraint object of each THRON metadataType that carries `mandatory` (research §4.3). */
const CONSTRAINT_OF_TYPE: Record<string, string> = {
  STRING: 'stringConstraint',
  TEMPORAL_INSTANT: 'temporalInstantConstraint',
  ALTERNATIVE_S: 'alternativeSConstraint',
  ALTERNATIVE_M: 'alternativeMConstraint',
  BOOLEAN: 'booleanConstraint',
};
const OPTION_OF_TYPE: Record<string, string> = {
  ALTERNATIVE_S: 'alternativeSOption',
  ALTERNATIVE_M: 'alternativeMOption',
};

/** One definition in THRON's MMetadataDefinition shape. */
function toItem(row: {
  id: string;
  classificationId: string;
  key: string;
  names: unknown;
  metadataType: string;
  mandatory: boolean;
  options: unknown;
  createdAt: Date;
}) {
  const optionField = OPTION_OF_TYPE[row.metadataType];
  const values = (row.options as StoredOption[]).flatMap((o) =>
    o.names.map((n) => ({ value: o.value, selected: false, lang: n.lang, label: n.label })),
  );
  return {
    id: row.id,
    key: row.key,
    classificationId: row.classificationId,
    names: row.names as Names,
    metadataType: row.metadataType,
    visible: true,
    removed: false,
    createdDate: row.createdAt.toISOString(),
    constraints: {
      applicableTo: ['CONTENT'],
      [CONSTRAINT_OF_TYPE[row.metadataType] ?? 'stringConstraint']: { mandatory: row.mandatory },
    },
    options: optionField ? { [optionField]: { values } } : {},
  };
}

/**
 * THRON's imetadatadefinition/list (research §4.3): a classification's definitions, by keys or
 * ids, ordered by key. Any signed-in caller may read them (THRON's VIEWER role).
 */
@Injectable()
export class MetadataDefinitionService {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async list(classificationId: string, body: MetadataDefinitionListRequest) {
    const { keys, ids } = body.criteria;
    const where = {
      classificationId,
      ...(keys?.length ? { key: { in: keys } } : {}),
      ...(ids?.length ? { id: { in: ids.filter(isUuid) } } : {}),
    };
    const [rows, totalResults] = await Promise.all([
      this.prisma.metadataDefinition.findMany({
        where,
        orderBy: { key: 'asc' },
        take: body.limit,
        skip: body.offset,
      }),
      this.prisma.metadataDefinition.count({ where }),
    ]);
    return ok({ items: rows.map(toItem), totalResults });
  }
}

/** THRON's xintelligence imetadatadefinition service; not part of the hub's API description. */
@ApiExcludeController()
@UseFilters(ThronExceptionFilter)
@Controller('provider/xintelligence/resources/imetadatadefinition')
export class MetadataDefinitionController {
  constructor(private readonly definitions: MetadataDefinitionService) {}

  @Post('list/:clientId/:classificationId')
  @HttpCode(200)
  @Authenticated({ clientId: 'path' })
  list(
    @Param('classificationId') classificationId: string,
    @Body(new ThronInputPipe(metadataDefinitionListSchema)) body: MetadataDefinitionListRequest,
  ) {
    return this.definitions.list(classificationId, body);
  }
}
