import type { EnrichmentDefinitions } from '@paddock/rules';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';
import {
  aCompletedJob,
  anAssetDetail,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type Reply,
} from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { DRAFT_SAVE_DELAY_MS } from './use-wizard';
import { emptyWorkingState, storageKey, type WorkingState } from './working-state';

const definitions: EnrichmentDefinitions = { metadata: [] };
const SELECTION = { folderId: 'enr', contentIds: ['a0'] };
const spider = { id: 'p1', classificationId: 'vu62a5', names: { en: 'Spider' } };
/** What another browser saved: a VIN typed and a product ticked. */
const saved: WorkingState = {
  ...emptyWorkingState(),
  products: [spider],
  vinTarga: [{ vin: '1G4AH59H45G118341', targa: 'AB123CD' }],
};

type Routes = Parameters<typeof fakeHub>[0];

function hub(draft: Routes[string], save: Reply = ok(), extra: Routes = {}) {
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/enrichment/definitions': ok(definitions),
    'GET /api/enrichment/products': ok({ items: [spider], next: null }),
    'GET /api/assets/a0': ok(anAssetDetail(0)),
    'GET /api/enrichment/draft': draft,
    'PUT /api/enrichment/draft': save,
    ...extra,
  });
}

const puts = (calls: ReturnType<typeof fakeHub>) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/enrichment/draft');

installFakeEventSource();

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the enrichment wizard’s draft at the hub (issue 13 item 6)', () => {
  it('restores the server’s draft in a fresh session that has none of its own, without saving it back', async () => {
    const calls = hub(ok({ state: saved, savedAt: '2026-11-26T09:00:00.000Z' }));
    renderApp('/product?folder=enr&ids=a0');
    expect(await screen.findByLabelText('VIN 1')).toHaveValue('1G4AH59H45G118341');
    expect(await screen.findByRole('checkbox', { name: 'Spider' })).toBeChecked();
    const read = calls.find((c) => c.path === '/api/enrichment/draft');
    expect(read?.query.get('folderId')).toBe('enr');
    expect(read?.query.get('ids')).toBe('a0');
    expect(puts(calls)).toEqual([]);
  });

  it('prefers what this tab holds: the server is not asked', async () => {
    sessionStorage.setItem(
      storageKey(SELECTION),
      JSON.stringify({ ...emptyWorkingState(), copyrightNotes: 'x' }),
    );
    const calls = hub(ok({ state: saved, savedAt: '2026-11-26T09:00:00.000Z' }));
    renderApp('/product?folder=enr&ids=a0');
    expect(await screen.findByLabelText('VIN 1')).toHaveValue('');
    expect(calls.some((c) => c.path === '/api/enrichment/draft')).toBe(false);
  });

  it('saves what is typed as the user’s draft when the step is left', async () => {
    const calls = hub(ok({ state: null, savedAt: null }));
    renderApp('/product?folder=enr&ids=a0');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('VIN 1'), '1g4ah59h45g118341');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(puts(calls).length).toBeGreaterThan(0));
    expect(puts(calls).at(-1)?.body).toMatchObject({
      folderId: 'enr',
      contentIds: ['a0'],
      state: { vinTarga: [{ vin: '1G4AH59H45G118341', targa: '' }] },
    });
  });

  it('says so when the draft could not be saved, and lets the user go on', async () => {
    hub(ok({ state: null, savedAt: null }), hubError(503, 'PROVIDER_UNAVAILABLE'));
    const app = renderApp('/product?folder=enr&ids=a0');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('VIN 1'), '1g4ah59h45g118341');
    expect(
      await screen.findByText('Not saved on the server yet: your work is kept in this tab only.', undefined, {
        timeout: 4_000,
      }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/copyright'));
    expect(sessionStorage.getItem(storageKey(SELECTION))).toContain('1G4AH59H45G118341');
  });

  it('is not saved again after the confirmation, even when the job ends before the page hears of it', async () => {
    sessionStorage.setItem(
      storageKey(SELECTION),
      JSON.stringify({ ...saved, metadata: { utilizzo: 'stampa' } }),
    );
    const calls = hub(ok({ state: null, savedAt: null }), ok(), {
      'POST /api/enrichment': { status: 202, body: { jobId: 'j1' } },
    });
    renderApp('/summary?folder=enr&ids=a0');
    const user = userEvent.setup();
    // Confirmed at once, while the save of the state the step opened on still waits its pause.
    await user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/enrichment')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 500));
    expect(puts(calls)).toEqual([]);
  });

  it('is forgotten once the enrichment is confirmed and done: a new session starts afresh', async () => {
    const state: WorkingState = { ...saved, metadata: { utilizzo: 'stampa' } };
    sessionStorage.setItem(storageKey(SELECTION), JSON.stringify(state));
    // The hub keeps the draft until the enrichment job spends it.
    let spent = false;
    const calls = hub(
      () => ok(spent ? { state: null, savedAt: null } : { state, savedAt: 'earlier' }),
      ok(),
      {
        'POST /api/enrichment': { status: 202, body: { jobId: 'j1' } },
        'GET /api/jobs/j1': aCompletedJob('j1', ['a0']),
      },
    );
    renderApp('/summary?folder=enr&ids=a0');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
    await waitFor(() =>
      expect(FakeEventSource.opened.some((s) => s.url === '/api/jobs/j1/events')).toBe(true),
    );
    spent = true;
    FakeEventSource.opened
      .find((s) => s.url === '/api/jobs/j1/events')
      ?.emit({ jobId: 'j1', state: 'completed', progress: 100 });
    await waitFor(() => expect(sessionStorage.getItem(storageKey(SELECTION))).toBeNull());
    expect(puts(calls)).toEqual([]);

    cleanup();
    renderApp('/product?folder=enr&ids=a0');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/enrichment/draft')).toBe(true));
    expect(await screen.findByLabelText('VIN 1')).toHaveValue('');
  });
});
