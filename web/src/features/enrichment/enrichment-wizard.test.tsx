import {
  ENRICHMENT_ERROR_CODES as CODES,
  LIMITS,
  type EnrichmentDefinitions,
  type MetadataDefinitionSummary,
} from '@paddock/rules';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { installFakeEventSource } from '../../../test/fake-event-source';
import { anAssetDetail, fakeHub, hubError, ok, signedInRoutes } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

const usage: MetadataDefinitionSummary = {
  id: 'u',
  key: 'utilizzo',
  classificationId: 'ggdyqo',
  names: { it: 'Utilizzo', en: 'Usage', fr: 'Utilisation' },
  type: 'singleEnum',
  mandatory: true,
  options: [{ value: 'stampa', name: 'Press', names: { it: 'Stampa', en: 'Press' } }],
};
const definitions: EnrichmentDefinitions = { metadata: [usage] };

function hub(extra: Parameters<typeof fakeHub>[0] = {}) {
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/enrichment/definitions': ok(definitions),
    'GET /api/tags/definitions': ok({
      items: [
        { id: 't1', classificationId: 'dmuyud', names: { en: 'Exterior', it: 'Esterni' }, label: 'Exterior' },
        { id: 'p1', classificationId: 'vu62a5', names: { en: 'Spider' }, label: 'Spider' },
      ],
    }),
    'GET /api/enrichment/products': ok({
      items: [{ id: 'p1', classificationId: 'vu62a5', names: { en: 'Spider' } }],
      next: null,
    }),
    'GET /api/assets/a0': ok(anAssetDetail(0)),
    ...extra,
  });
}

const SELECTION = '?folder=enr&ids=a0';

// The job's progress stream stays silent unless a test speaks in it.
installFakeEventSource();

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the enrichment wizard', () => {
  it.each(['/product', '/copyright', '/tag', '/summary'])(
    'opened on %s without a selection says how to start, with a link to the Enrichment view',
    async (path) => {
      hub();
      renderApp(path);
      expect(await screen.findByText('No asset selected')).toBeVisible();
      const link = screen.getByRole('link', { name: 'Go to the Enrichment view' });
      expect(link).toHaveAttribute('href', '/home?view=enrichment');
      await userEvent.setup().click(link);
      expect(await screen.findByTestId('default-view')).toHaveAttribute('data-view', 'enrichment');
    },
  );

  it('opened on more assets than one tagging takes, says the limit instead of dropping the rest (SPEC §5)', async () => {
    const calls = hub();
    const ids = Array.from({ length: LIMITS.taggingMaxAssets + 1 }, (_, i) => `a${i}`);
    const app = renderApp(`/product?folder=enr&ids=${ids.join(',')}&view=enrichment`);
    expect(await screen.findByText('Too many assets selected')).toBeVisible();
    expect(
      screen.getByText(
        'At most 200 assets can be enriched at a time; 201 are selected. Go back and select fewer.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Enrichment steps' })).toBeNull();
    // Neither the selected assets nor a draft of the selection are asked for.
    expect(calls.filter((c) => /^\/api\/(enrichment|assets\/a\d+)/.test(c.path))).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to the assets' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/home'));
  });

  it('offers the free tags of the one tag listing in step 3, not the products', async () => {
    const calls = hub();
    renderApp(`/tag${SELECTION}`);
    expect(await screen.findByRole('checkbox', { name: 'Exterior' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Spider' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/tags/definitions' && c.query.get('lang') === 'en')).toBe(true);
  });

  it('offers to remove the products the selected assets are linked to, and sends the removal with the job', async () => {
    const calls = hub({
      'GET /api/assets/a0': ok(
        anAssetDetail(0, {
          // The products are the hub's links, not read off the tags: a tag of the products
          // classification with no product link is not offered.
          products: [{ id: 'p1', classificationId: 'vu62a5', names: { en: 'Spider' } }],
          tags: [{ id: 'p9', classificationId: 'vu62a5', label: 'Berlina' }],
          metadata: [{ classificationId: 'ggdyqo', key: 'utilizzo', value: 'stampa' }],
        }),
      ),
      'POST /api/enrichment': ok({ jobId: 'j1' }),
    });
    renderApp(`/product${SELECTION}`);
    const user = userEvent.setup();
    const present = await screen.findByRole('group', {
      name: 'Already on the selected assets: tick those to remove',
    });
    expect(within(present).queryByRole('checkbox', { name: 'Berlina' })).toBeNull();
    await user.click(within(present).getByRole('checkbox', { name: 'Spider' }));

    cleanup();
    renderApp(`/summary${SELECTION}`);
    expect(await screen.findByText('Products to remove')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/enrichment')?.body).toMatchObject({
        contentIds: ['a0'],
        tags: { remove: [{ id: 'p1', classificationId: 'vu62a5' }] },
      }),
    );
  });

  it('keeps what was typed across a reload (session storage, keyed by the selection)', async () => {
    hub();
    renderApp(`/product${SELECTION}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('VIN 1'), '1g4ah59h45g118341');
    expect(screen.getByText('Maker: Buick · model year 2005')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Spider' }));

    cleanup();
    renderApp(`/product${SELECTION}`);
    expect(await screen.findByLabelText('VIN 1')).toHaveValue('1G4AH59H45G118341');
    expect(await screen.findByRole('checkbox', { name: 'Spider' })).toBeChecked();
  });

  it('refuses a North-American VIN with a wrong check digit as it is typed, naming the field', async () => {
    hub();
    renderApp(`/product${SELECTION}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('VIN 1'), '1G4AH59H45G118342');
    expect(
      screen.getByText('VIN 1: the check digit (9th character) is wrong; North-American VINs require it.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('One field needs attention before you go on.');
  });

  it('marks the mandatory metadata and goes on only once it is given', async () => {
    hub();
    const app = renderApp(`/copyright${SELECTION}`);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: /^Usage/ });
    expect(select).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Required field missing: Usage.')).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/copyright');
    await user.selectOptions(select, 'stampa');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tag'));
  });

  it('shows a refusal of the hub translated, naming the field it is about', async () => {
    sessionStorage.setItem(
      'paddock.enrichment:enr:a0',
      JSON.stringify({
        products: [],
        tags: [],
        vinTarga: [{ vin: '1G4AH59H45G118341', targa: '' }],
        copyright: [],
        copyrightNotes: '',
        metadata: { utilizzo: 'stampa' },
        overwrite: { vinTarga: true, copyright: true, metadata: true },
      }),
    );
    const calls = hub({
      'POST /api/enrichment': hubError(400, CODES.MANDATORY_MISSING, { field: 'utilizzo' }),
    });
    renderApp(`/summary${SELECTION}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Required field missing: Usage.')).toBeVisible();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/enrichment');
    expect(sent?.body).toMatchObject({
      contentIds: ['a0'],
      folderId: 'enr',
      vinTarga: [{ vin: '1G4AH59H45G118341', targa: '' }],
      metadata: [{ key: 'utilizzo', value: 'stampa' }],
    });
  });

  it("warns that an asset's other plate will be overwritten and asks before sending (SPEC §5)", async () => {
    sessionStorage.setItem(
      'paddock.enrichment:enr:a0',
      JSON.stringify({
        products: [],
        tags: [],
        vinTarga: [{ vin: '', targa: 'AB 123 CD' }],
        copyright: [],
        copyrightNotes: '',
        metadata: { utilizzo: 'stampa' },
        overwrite: { vinTarga: true, copyright: true, metadata: true },
      }),
    );
    const calls = hub({
      'GET /api/assets/a0': ok(
        anAssetDetail(0, { metadata: [{ classificationId: 'ggdyqo', key: 'targa-1', value: 'ZZ 999 ZZ' }] }),
      ),
      'POST /api/enrichment': ok({ jobId: 'j1' }),
    });
    renderApp(`/summary${SELECTION}`);
    const user = userEvent.setup();
    expect(await screen.findByText('Values will be overwritten')).toBeVisible();
    expect(
      screen.getByRole('checkbox', { name: 'Replace the VINs and plates the assets have' }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Confirm and save' }));
    const question = await screen.findByRole('alertdialog', { name: 'Values will be overwritten' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Proceed' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/enrichment')?.body).toMatchObject({
        vinTarga: [{ vin: '', targa: 'AB 123 CD' }],
        overwrite: { vinTarga: true },
      }),
    );
  });
});
