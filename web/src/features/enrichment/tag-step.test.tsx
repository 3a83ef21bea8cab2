import {
  ENRICHMENT_ERROR_CODES as CODES,
  E_CODES,
  type EnrichmentDefinitions,
  type FreeTag,
  type TagOption,
} from '@paddock/rules';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { installFakeEventSource } from '../../../test/fake-event-source';
import { anAssetDetail, fakeHub, hubError, ok, signedInRoutes, type HubCall } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

const definitions: EnrichmentDefinitions = { metadata: [] };
const EXTERIOR: TagOption = {
  id: 't1',
  classificationId: 'dmuyud',
  names: { en: 'Exterior', it: 'Esterni' },
  label: 'Exterior',
};
const SELECTION = '?folder=enr&ids=a0';

/** The hub of the wizard's step 3: one free tag listed; POST /api/tags creates what it is sent. */
function hub(extra: Parameters<typeof fakeHub>[0] = {}) {
  const listed: TagOption[] = [EXTERIOR];
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/enrichment/definitions': ok(definitions),
    'GET /api/tags/definitions': () => ok({ items: listed }),
    'POST /api/tags': ({ body }: HubCall) => {
      const { names } = body as { names: Record<string, string> };
      const tag: FreeTag = { id: 'new1', prettyId: null, classificationId: 'dmuyud', names };
      listed.push({ ...tag, label: names.en ?? names.it ?? '' });
      return { status: 201, body: tag };
    },
    'GET /api/assets/a0': ok(anAssetDetail(0)),
    'POST /api/enrichment': ok({ jobId: 'j1' }),
    ...extra,
  });
}

// The job's progress stream stays silent unless a test speaks in it.
installFakeEventSource();

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const sentEnrichment = (calls: HubCall[]) =>
  calls.find((c) => c.method === 'POST' && c.path === '/api/enrichment')?.body;

async function confirmOnSummary(user: ReturnType<typeof userEvent.setup>) {
  cleanup();
  renderApp(`/summary${SELECTION}`);
  await user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
}

describe('free tags in the wizard’s step 3', () => {
  it('creates a free tag typed in the user’s language with a translation, chosen at once and sent with the job', async () => {
    const calls = hub();
    renderApp(`/tag${SELECTION}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New tag' });
    await user.type(within(form).getByLabelText('Name (English)'), 'Night shot');
    await user.click(within(form).getByRole('button', { name: 'Add translations' }));
    await user.type(within(form).getByLabelText('Name (Italiano)'), 'Notturna');
    await user.click(within(form).getByLabelText('Name (English)'));
    await user.keyboard('{Enter}');

    expect(await screen.findByText('“Night shot” created and chosen.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tags')?.body).toEqual({
      names: { en: 'Night shot', it: 'Notturna' },
    });
    const tags = screen.getByRole('group', { name: 'Tags' });
    expect(within(tags).getByRole('checkbox', { name: 'Night shot' })).toBeChecked();
    expect(within(form).getByLabelText('Name (English)')).toHaveValue('');

    await confirmOnSummary(user);
    await waitFor(() =>
      expect(sentEnrichment(calls)).toMatchObject({
        tags: { add: [{ id: 'new1', classificationId: 'dmuyud' }] },
      }),
    );
  });

  it('chooses the listed tag a typed name is, in any case, instead of creating another', async () => {
    const calls = hub();
    renderApp(`/tag${SELECTION}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New tag' });
    await user.type(within(form).getByLabelText('Name (English)'), 'EXTERIOR{Enter}');
    expect(await screen.findByText('“Exterior” chosen.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Exterior' })).toBeChecked();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/tags')).toBe(false);
  });

  it('says what the hub refused, and refuses characters outside Latin-1 as they are typed', async () => {
    hub({ 'POST /api/tags': hubError(409, CODES.TAG_EXISTS, { ids: ['elsewhere'] }) });
    renderApp(`/tag${SELECTION}`);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New tag' });
    const name = within(form).getByLabelText('Name (English)');
    await user.type(name, 'Rally{Enter}');
    expect(await within(form).findByText('A tag of that name exists already.')).toBeVisible();
    await user.type(name, ' ☀');
    expect(within(form).getByText('Characters that cannot be saved: ☀')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Create tag' })).toBeDisabled();
  });

  it('offers to remove the free tags already on the assets, and sends the removal as tags.remove', async () => {
    const calls = hub({
      'GET /api/assets/a0': ok(
        anAssetDetail(0, { tags: [{ id: 't1', classificationId: 'dmuyud', label: 'Exterior' }] }),
      ),
    });
    renderApp(`/tag${SELECTION}`);
    const user = userEvent.setup();
    const present = await screen.findByRole('group', {
      name: 'Already on the selected assets: tick those to remove',
    });
    await user.click(within(present).getByRole('checkbox', { name: 'Exterior' }));

    cleanup();
    renderApp(`/summary${SELECTION}`);
    expect(await screen.findByText('Tags to remove')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
    await waitFor(() =>
      expect(sentEnrichment(calls)).toMatchObject({
        tags: { remove: [{ id: 't1', classificationId: 'dmuyud' }] },
      }),
    );
  });

  it('says a failed tag listing with its own code and text (E006), not another lookup’s', async () => {
    hub({ 'GET /api/tags/definitions': hubError(503, E_CODES.TAG_LIST_FAILED) });
    renderApp(`/tag${SELECTION}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tag list could not be loaded. Try later.');
    expect(alert).toHaveTextContent('Error code: E006');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('sub-tags in the wizard’s step 3 (SPEC §3)', () => {
  it('lists each sub-tag right after its parent, as the hub names the parent', async () => {
    const event: TagOption = { id: 't2', classificationId: 'dmuyud', names: { en: 'Event' }, label: 'Event' };
    const front: TagOption = {
      id: 't3',
      classificationId: 'dmuyud',
      names: { en: 'Front' },
      label: 'Front',
      parentId: EXTERIOR.id,
    };
    hub({ 'GET /api/tags/definitions': ok({ items: [EXTERIOR, event, front] }) });
    renderApp(`/tag${SELECTION}`);
    const tags = await screen.findByRole('group', { name: 'Tags' });
    const names = within(tags)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent);
    // A flat list keeps the hub's order (Exterior, Event, Front); as a tree, siblings by name and Front
    // right under Exterior.
    expect(names).toEqual(['Event', 'Exterior', 'Front']);
  });
});
