import { Injectable } from '@nestjs/common';
import { ok } from '../thron.errors';
import {
  MetadataDefinitionRepository,
  type MetadataDefinitionRow,
  type StoredOption,
} from './metadata-definition.repository';
import type { MetadataDefinitionListRequest } from './tagging.dto';

type Names = { lang: string; label: string; description?: string }[];

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
function toItem(row: MetadataDefinitionRow) {
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
  constructor(private readonly definitions: MetadataDefinitionRepository) {}

  async list(classificationId: string, body: MetadataDefinitionListRequest) {
    const { rows, total } = await this.definitions.list(classificationId, body.criteria, {
      take: body.limit,
      skip: body.offset,
    });
    return ok({ items: rows.map(toItem), totalResults: total });
  }
}
