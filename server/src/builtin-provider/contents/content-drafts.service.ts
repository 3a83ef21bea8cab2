import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock';
import { AccessRepository } from '../access/access.repository';
import { contentRights, type ContentRights } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError } from '../thron.errors';
import { ContentDraftRepository } from './content-draft.repository';
import type { DraftWire, SaveDraftForm } from './contents.dto';
import { CONTENT_FAILURES } from './contents.errors';

/**
 * content/saveDraft and getDraft (SPEC §7 "content draft save"): a user's unfinished work on a
 * content, kept per content and user, read back by that user only. Saving is a content write
 * (THRON's MODIFY, contentRights): a content the caller cannot see is listed in `contentsInIssue`
 * exactly as an unknown id, one seen but not modifiable refuses the whole call, nothing saved.
 */
@Injectable()
export class ContentDraftsService {
  constructor(
    private readonly drafts: ContentDraftRepository,
    private readonly access: AccessRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async save(caller: ProviderCaller, form: SaveDraftForm): Promise<{ contentsInIssue: string[] }> {
    const userId = await this.draftOwner(caller, form);
    const ids = [...new Set(form.contentIds)];
    const rights = await this.rightsOf(caller, ids);
    const visible = ids.filter((id) => rights.get(id)?.read);
    if (visible.some((id) => !rights.get(id)?.modify)) throw new ThronError(CONTENT_FAILURES.accessDenied);
    if (userId && visible.length) {
      if (form.draft === null) await this.drafts.clear(userId, visible);
      else await this.drafts.save(userId, visible, form.draft, this.clock.now());
    }
    return { contentsInIssue: ids.filter((id) => !rights.get(id)?.read) };
  }

  /** The caller's drafts on the contents they see; a content without one is left out. */
  async find(caller: ProviderCaller, contentIds: string[]): Promise<DraftWire[]> {
    const rights = await this.rightsOf(caller, contentIds);
    const visible = contentIds.filter((id) => rights.get(id)?.read);
    const rows = visible.length ? await this.drafts.find(caller.user.id, visible) : [];
    return rows.map((r) => ({ contentId: r.contentId, draft: r.draft, savedAt: r.savedAt.toISOString() }));
  }

  /**
   * Whose draft a save writes: the caller's own. The hub's service account may clear another
   * user's (its job ends the work the draft was kept for); a user who is not known has none.
   */
  private async draftOwner(caller: ProviderCaller, form: SaveDraftForm): Promise<string | null> {
    const username = form.username ?? caller.user.username;
    if (username === caller.user.username) return caller.user.id;
    if (!caller.serviceAccount || form.draft !== null) throw new ThronError(CONTENT_FAILURES.accessDenied);
    return this.drafts.userIdOf(username);
  }

  private async rightsOf(caller: ProviderCaller, ids: string[]): Promise<Map<string, ContentRights>> {
    const access = await this.access.contentAccess(caller, ids);
    return new Map([...access].map(([id, a]) => [id, contentRights(a)]));
  }
}
