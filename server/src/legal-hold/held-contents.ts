import { Inject, Injectable } from '@nestjs/common';
import { departmentOfPath, type HoldSubject } from '@paddock/rules';
import { Metrics } from '../metrics/metrics';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway, type ProviderFolder } from '../provider/folders.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { chunks } from '../provider/tagging.gateway';
import { legalHoldRefusal } from './legal-hold.errors';
import { LegalHoldRepository, type LegalHoldRecord } from './legal-hold.repository';

/** A content as the guard needs it: its id and every folder it is linked to. */
export interface LinkedContent {
  id: string;
  linkedCategoryIds: readonly string[];
}

/** The hub's destructive acts a hold stops, as the metric `paddock_legal_hold_kept_total` names them. */
export type HeldAct = 'purge-junk' | 'permanent-delete' | 'new-version' | 'folder-delete';

/**
 * The hub's legal-hold guard (docs/legal-hold.md): whether contents are held, directly, through a
 * folder they are linked to or one above it, or through the department of such a folder. What
 * holds a content is read with the service account, so a hold through a folder the user cannot
 * see still holds; the holds themselves are one query a batch (LegalHoldRepository.heldAmong).
 * Every destructive path of the hub asks it before it acts: the junk purge, the permanent delete
 * (its route and its job), a new version, a folder's delete.
 */
@Injectable()
export class HeldContents {
  constructor(
    private readonly holds: LegalHoldRepository,
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(CONTENTS_GATEWAY) private readonly contents: Pick<ContentsGateway, 'contentsByIds'>,
    @Inject(FOLDERS_GATEWAY) private readonly folders: Pick<FoldersGateway, 'foldersByIds'>,
    private readonly metrics: Metrics,
  ) {}

  /** The active holds on each of `contents` that any hold keeps, by content id. */
  async holdsOn(contents: readonly LinkedContent[]): Promise<Map<string, LegalHoldRecord[]>> {
    const held = new Map<string, LegalHoldRecord[]>();
    for (const batch of chunks(contents))
      for (const [id, holds] of await this.holds.heldAmong(await this.subjectsOf(batch))) held.set(id, holds);
    return held;
  }

  /** holdsOn for contents by id, read with the service account; contents that do not exist hold nothing. */
  async holdsOnIds(ids: readonly string[]): Promise<Map<string, LegalHoldRecord[]>> {
    if (!ids.length) return new Map();
    const contents = await this.session.withToken((token) => this.contents.contentsByIds(token, [...ids]));
    return this.holdsOn(contents);
  }

  /** Refuses `act` (LEGAL_HOLD_ACTIVE, nothing changed) when any of the contents is held. */
  async refuse(ids: readonly string[], act: HeldAct): Promise<void> {
    const held = [...(await this.holdsOnIds(ids)).keys()];
    if (!held.length) return;
    this.kept(act, held.length);
    throw legalHoldRefusal.held(held);
  }

  /** Refuses deleting a folder an active hold is placed on: the hold would be left holding nothing. */
  async refuseFolder(folderId: string): Promise<void> {
    if (!(await this.holds.activeOn('folder', [folderId])).length) return;
    this.kept('folder-delete', 1);
    throw legalHoldRefusal.folderHeld(folderId);
  }

  /** Counts contents a hold kept from `act`. */
  kept(act: HeldAct, count: number): void {
    this.metrics.legalHoldKept.inc({ act }, count);
  }

  /** Each content's folders with all their ancestors, and those folders' departments. */
  private async subjectsOf(batch: readonly LinkedContent[]): Promise<HoldSubject[]> {
    const linked = [...new Set(batch.flatMap((c) => c.linkedCategoryIds))];
    const folders = await this.read(linked);
    const known = new Set(folders.map((f) => f.id));
    const ancestors = await this.read([
      ...new Set(folders.flatMap((f) => f.ancestorIds).filter((id) => !known.has(id))),
    ]);
    const byId = new Map([...folders, ...ancestors].map((f) => [f.id, f]));
    return batch.map((content) => {
      const mine = content.linkedCategoryIds.flatMap((id) => byId.get(id) ?? []);
      const pathOf = (f: ProviderFolder) => [...f.ancestorIds.flatMap((id) => byId.get(id) ?? []), f];
      return {
        id: content.id,
        folderIds: [...new Set([...content.linkedCategoryIds, ...mine.flatMap((f) => f.ancestorIds)])],
        departments: [...new Set(mine.flatMap((f) => departmentOfPath(pathOf(f)) ?? []))],
      };
    });
  }

  private async read(ids: string[]): Promise<ProviderFolder[]> {
    return ids.length ? this.session.withToken((token) => this.folders.foldersByIds(token, ids)) : [];
  }
}
