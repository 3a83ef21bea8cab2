import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, type EnrichmentDraft, type EnrichmentDraftRequest } from '@paddock/rules';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { DRAFTS_GATEWAY, type DraftsGateway } from '../provider/drafts.gateway';
import type { SelectionRequest } from '../places/selection-policy';
import { EnrichmentSelection } from './enrichment-selection';
import { refuse } from './enrichment.errors';

/**
 * What the hub keeps at the provider as the user's draft on each content of a selection: the
 * working state with the selection it belongs to (ids sorted, as the web keys it).
 */
const storedSchema = z.object({
  kind: z.literal('enrichment'),
  folderId: z.string(),
  contentIds: z.array(z.string()),
  state: z.record(z.string(), z.unknown()),
});
type Stored = z.infer<typeof storedSchema>;

const keyOf = (selection: SelectionRequest) => ({
  folderId: selection.folderId,
  contentIds: [...selection.contentIds].sort(),
});

const NO_DRAFT: EnrichmentDraft = { state: null, savedAt: null };

/**
 * The enrichment wizard's working state as the user's content drafts (SPEC §7 "content draft
 * save"), so a closed tab, another browser or another device finds it again.
 *
 * A selection of many assets is one working state, so it is saved on every content of the
 * selection together with the selection itself, and read back only from a draft whose selection is
 * exactly this one (the newest, when several contents hold one): a draft saved on a content for
 * another selection that shares it never leaks into this one, and any content of the selection can
 * give the state back even after a later, overlapping selection replaced the draft on some of them.
 * Both ways pass SPEC §6 as the enrichment itself does: a draft is kept only where the user may tag.
 */
@Injectable()
export class EnrichmentDraftService {
  constructor(
    private readonly selection: EnrichmentSelection,
    @Inject(DRAFTS_GATEWAY) private readonly drafts: DraftsGateway,
  ) {}

  /** `PUT /api/enrichment/draft`. */
  async save(user: AuthUser, body: EnrichmentDraftRequest): Promise<void> {
    this.selection.checkCount(body.contentIds);
    const stored: Stored | null = body.state && { kind: 'enrichment', ...keyOf(body), state: body.state };
    if (body.state && Buffer.byteLength(JSON.stringify(body.state)) > LIMITS.enrichmentDraftMaxBytes)
      throw refuse.draftTooLarge(LIMITS.enrichmentDraftMaxBytes);
    await this.selection.allowed(user, body);
    await this.drafts.save(user.providerToken, body.contentIds, stored);
  }

  /** `GET /api/enrichment/draft`. */
  async load(user: AuthUser, query: SelectionRequest): Promise<EnrichmentDraft> {
    this.selection.checkCount(query.contentIds);
    await this.selection.allowed(user, query);
    const wanted = JSON.stringify(keyOf(query));
    const found = await this.drafts.find(user.providerToken, query.contentIds);
    const matching = found
      .flatMap((d) => {
        const parsed = storedSchema.safeParse(d.draft);
        return parsed.success && JSON.stringify(keyOf(parsed.data)) === wanted
          ? [{ state: parsed.data.state, savedAt: d.savedAt }]
          : [];
      })
      .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    return matching[0] ?? NO_DRAFT;
  }
}
