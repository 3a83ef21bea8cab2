import { Module } from '@nestjs/common';
import { RejectionChecksRepository } from './rejection-checks.repository';

/**
 * The marks of rejections carried over to a new version (issue 27 point 3): written by the
 * workflow (an approver's mark, the accept's check), read by the asset detail.
 */
@Module({
  providers: [RejectionChecksRepository],
  exports: [RejectionChecksRepository],
})
export class RejectionChecklistModule {}
