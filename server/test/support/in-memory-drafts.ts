import { ERROR_CODES } from '@paddock/rules';
import type { ContentDraft, DraftsGateway } from '../../src/provider/drafts.gateway';
import { chunks } from '../../src/provider/tagging.gateway';
import type { InMemoryProvider } from './in-memory-provider';

/**
 * The in-memory provider's content drafts (the built-in content/saveDraft and getDraft): per
 * content and user, read back by that user only. Saving is a content write: a content the caller
 * does not see is left out as an unknown one, one seen but not modifiable refuses its chunk
 * (FORBIDDEN, nothing of it saved); only the service account clears another user's draft.
 */
export class InMemoryDrafts implements DraftsGateway {
  /** `${username} ${contentId}` → the draft. */
  readonly saved = new Map<string, ContentDraft>();

  constructor(private readonly model: InMemoryProvider) {}

  async save(
    token: string,
    contentIds: string[],
    draft: Record<string, unknown> | null,
    forUser?: string,
  ): Promise<void> {
    const caller = this.model.userOf(token);
    const owner = forUser ?? caller;
    for (const part of chunks(contentIds)) {
      this.model.enter('save', [token, part, draft, forUser]);
      if (owner !== caller && (!this.model.isServiceAccount(token) || draft !== null))
        throw this.model.refusal(ERROR_CODES.FORBIDDEN);
      const seen = [...new Set(part)].filter((id) => this.model.rightsOf(token, id).read);
      if (seen.some((id) => !this.model.rightsOf(token, id).modify))
        throw this.model.refusal(ERROR_CODES.FORBIDDEN);
      const savedAt = this.model.now().toISOString();
      for (const contentId of seen)
        if (draft === null) this.saved.delete(`${owner} ${contentId}`);
        else this.saved.set(`${owner} ${contentId}`, { contentId, draft: structuredClone(draft), savedAt });
    }
  }

  async find(token: string, contentIds: string[]): Promise<ContentDraft[]> {
    const caller = this.model.userOf(token);
    const found: ContentDraft[] = [];
    for (const part of chunks(contentIds)) {
      this.model.enter('find', [token, part]);
      for (const contentId of part.filter((id) => this.model.rightsOf(token, id).read)) {
        const draft = this.saved.get(`${caller} ${contentId}`);
        if (draft) found.push(structuredClone(draft));
      }
    }
    return found;
  }
}
