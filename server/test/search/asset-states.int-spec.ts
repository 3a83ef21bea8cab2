import type { AssetListResponse, AssetSummary } from '@paddock/rules';
import { providerDb, type SignedIn } from '../auth/auth-fixtures';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobsService } from '../../src/jobs/jobs.service';
import type { TestApp } from '../support/test-app';
import { recordProviderCalls } from '../enrichment/enrichment-fixtures';
import { readinessEvents } from './asset-events';
import {
  MARKETING_PEOPLE,
  contentsIn,
  finished,
  get,
  startDemoWorld,
  submitJob,
} from '../workflow/workflow-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let folders: Map<string, string>;
let anna: SignedIn;
let luca: SignedIn;
let mario: SignedIn;
let admin: SignedIn;
const id = (prettyId: string) => folders.get(prettyId)!;

beforeAll(async () => {
  ({
    t,
    folders,
    people: [anna, luca, mario, admin],
  } = await startDemoWorld([...MARKETING_PEOPLE, 'admin']));
});
afterAll(() => t?.close());

async function run(s: SignedIn, action: string, body: object): Promise<void> {
  expect((await finished(t, s, await submitJob(t, s, `/api/workflow/${action}`, body))).state).toBe(
    'completed',
  );
}

/** The card of `content` in a folder's listing, as mario sees it (the junk as the admin does, SPEC §6). */
async function cardIn(prettyId: string, content: string): Promise<AssetSummary | undefined> {
  const who = prettyId.startsWith('junk-') ? admin : mario;
  const res = await get<AssetListResponse>(t, who, `/api/assets?folderId=${id(prettyId)}&subfolders=true`);
  expect(res.status).toBe(200);
  return res.body.items.find((item) => item.id === content);
}

const readiness = (ids: string[]) => readinessEvents(t, mario, ids);

describe('the workflow state on every card (GET /api/assets)', () => {
  it('follows a delivery from step 1 through step 2 to rejected, as the supplier work folder lists it', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    expect((await cardIn('lvrr02-marketing', content))?.workflowState).toEqual({ kind: 'waiting', step: 1 });

    await run(anna, 'accept', { contentIds: [content], folderId: id('appstp1-marketing') });
    expect((await cardIn('lvrr02-marketing', content))?.workflowState).toEqual({ kind: 'waiting', step: 2 });

    await run(luca, 'reject', { contentIds: [content], folderId: id('appstp2-marketing'), note: 'Rifare' });
    expect((await cardIn('lvrr02-marketing', content))?.workflowState).toEqual({ kind: 'rejected' });
  });

  it('shows accepted past the last step, junk after a delete, accepted again once restored', async () => {
    const [content] = await contentsIn(t, folders, ['appstp2-marketing']);
    await run(luca, 'accept', {
      contentIds: [content],
      folderId: id('appstp2-marketing'),
      enrichmentFolderId: id('arrc03-marketing'),
    });
    expect((await cardIn('arrc03-marketing', content))?.workflowState).toEqual({ kind: 'accepted' });

    await run(mario, 'delete', { contentIds: [content], folderId: id('arrc03-marketing') });
    expect((await cardIn('junk-marketing', content))?.workflowState).toEqual({ kind: 'junk' });

    await run(admin, 'restore', {
      contentIds: [content],
      folderId: id('junk-marketing'),
      toFolderId: id('arch04-marketing'),
    });
    expect((await cardIn('arch04-marketing', content))?.workflowState).toEqual({ kind: 'accepted' });
  });
});

describe('a page of the listing (the hot path)', () => {
  it('is one provider round trip: the search brings each card its state, restriction and running time, and nothing else is read', async () => {
    const [content] = await contentsIn(t, folders, ['appstp1-marketing']);
    // The folder's path (is it a channel, SPEC §4 "Folders"; is it the junk, SPEC §6) is read once;
    // no folder changes parent and no reserved code is given or taken.
    await cardIn('appstp1-marketing', content);
    const calls = recordProviderCalls(t);
    // Another page size: a page not kept from the first ask (search/listing-cache.ts).
    const res = await get<AssetListResponse>(
      t,
      mario,
      `/api/assets?folderId=${id('appstp1-marketing')}&subfolders=true&limit=60`,
    );
    const card = res.body.items.find((item) => item.id === content);
    expect(card?.workflowState).toEqual({ kind: 'waiting', step: 1 });
    expect(card?.restricted).toBe(false);
    // A page of up to 100 is two provider pages of 50, asked for at once, and nothing more: the
    // folder is read with the user's token only to confirm a refusal (issue 26; it was a call a page).
    const asked = calls.map((c) => c.path);
    const searches = asked.filter((path) => path.endsWith('/content/findByProperties'));
    expect(searches.length).toBeGreaterThan(0);
    expect(asked.filter((path) => !searches.includes(path))).toEqual([]);
  });
});

describe('GET /api/assets/events (previews becoming ready)', () => {
  it('answers at once for a content already READY, and ends; outside the workflow a card has no state', async () => {
    const [content] = await contentsIn(t, folders, ['arch04-marketing']);
    expect((await cardIn('arch04-marketing', content))?.workflowState).toBeNull();
    expect(await readiness([content])).toEqual([
      { ready: [{ contentId: content, state: 'READY' }], pending: 0 },
    ]);
  });

  it('tells when a media job ends, well before its periodic re-read', async () => {
    const [content] = await contentsIn(t, folders, ['arch04-marketing']);
    await providerDb(t).content.update({ where: { id: content }, data: { state: 'PROCESSING' } });
    const started = Date.now();
    const events = readiness([content]);
    // Let the stream read the content once (still PROCESSING), then finish "the derivatives".
    await new Promise((r) => setTimeout(r, 1_000));
    await providerDb(t).content.update({ where: { id: content }, data: { state: 'READY' } });
    // A media job of a content without its source ends at once (failed for good): any end re-reads.
    await t.app
      .get(JobsService, { strict: false })
      .submit(JobName.MakeDerivatives, { contentId: content, version: 99 }, 'test');
    expect(await events).toEqual([{ ready: [{ contentId: content, state: 'READY' }], pending: 0 }]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('drops contents the user cannot see, and refuses bad ids with 400', async () => {
    const [hidden] = await contentsIn(t, folders, ['arch04-marketing']);
    await providerDb(t).content.update({ where: { id: hidden }, data: { trashedAt: new Date() } });
    expect(await readiness([hidden])).toEqual([{ ready: [], pending: 0 }]);
    const bad = await get<{ code: string }>(t, mario, '/api/assets/events?ids=not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
