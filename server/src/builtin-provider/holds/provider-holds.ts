import { Inject, Injectable } from '@nestjs/common';
import { ThronError } from '../thron.errors';
import { HOLD_REGISTER, type HoldRegister } from './hold-register';
import { HOLD_FAILURES } from './holds.errors';
import { HoldSubjectsRepository } from './holds.repository';

/**
 * The built-in provider's side of the legal-hold guard: the second front door (ARCHITECTURE §2)
 * refuses, whoever calls, to trash, remove or replace the source of a held content and to remove a
 * held folder, reading the same holds as the hub through the hold register.
 */
@Injectable()
export class ProviderHolds {
  constructor(
    private readonly subjects: HoldSubjectsRepository,
    @Inject(HOLD_REGISTER) private readonly register: HoldRegister,
  ) {}

  /** The contents among `contentIds` that a hold keeps: one query for the folders, one for the holds. */
  async heldAmong(contentIds: readonly string[]): Promise<Set<string>> {
    if (!contentIds.length) return new Set();
    const held = await this.register.heldAmong(await this.subjects.subjectsOf(contentIds));
    return new Set(held.keys());
  }

  /** Refuses a destructive call on a held content (HOLD_FAILURES.held). */
  async refuseContent(contentId: string): Promise<void> {
    if ((await this.heldAmong([contentId])).size) throw new ThronError(HOLD_FAILURES.held);
  }

  /** Refuses removing a folder an active hold is placed on. */
  async refuseFolder(folderId: string): Promise<void> {
    if ((await this.register.activeOn('folder', [folderId])).length) throw new ThronError(HOLD_FAILURES.held);
  }
}
