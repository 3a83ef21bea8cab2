import { Inject, Injectable } from '@nestjs/common';
import { PLATE_BOXES_METADATA, WORKFLOW_TAGS, plateRecordOf, type PlateRecord } from '@paddock/rules';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { TAGGING_GATEWAY, type TaggingGateway } from '../provider/tagging.gateway';

/** The upload's detection of a version: one per version, however often the upload's end is retried. */
export function platesDetectJobIdOf(contentId: string, version: number): string {
  return `plates-detect-${contentId}-${version}`;
}

/** A content's metadata with the record replaced, as the provider will answer it after the write. */
export function withRecord(content: ProviderContentDetail, record: PlateRecord): ProviderContentDetail {
  const others = content.imetadata.filter((m) => m.key !== PLATE_BOXES_METADATA);
  return {
    ...content,
    imetadata: [
      ...others,
      {
        classificationId: WORKFLOW_TAGS.classification,
        key: PLATE_BOXES_METADATA,
        value: JSON.stringify(record),
        lang: null,
      },
    ],
  };
}

/**
 * The plate boxes live on the provider's content, under a key only the hub's service account may
 * write (RESERVED_METADATA_KEYS): the share page that serves outgoing renditions reads them there,
 * and nobody with their own token can take a box off.
 */
@Injectable()
export class PlateRecords {
  constructor(
    @Inject(TAGGING_GATEWAY) private readonly tagging: TaggingGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
  ) {}

  recordOf(content: ProviderContentDetail): PlateRecord | null {
    return plateRecordOf(content.imetadata);
  }

  async write(contentId: string, record: PlateRecord): Promise<void> {
    await this.service.withToken((token) =>
      this.tagging.setMetadata(
        token,
        contentId,
        [{ key: PLATE_BOXES_METADATA, value: JSON.stringify(record) }],
        WORKFLOW_TAGS.classification,
      ),
    );
  }
}
