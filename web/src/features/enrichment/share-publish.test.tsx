import { ASSET_ACTIONS, E_CODES, type AssetActions, type RegistryRecord } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';
import {
  aCompletedJob,
  aMadeShare,
  anAssetDetail,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type HubCall,
  type Reply,
} from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

const STRONG = 'Spider-1966-Press#Kit';
const actions = (share: boolean) =>
  Object.fromEntries(ASSET_ACTIONS.map((a) => [a, a === 'share' ? share : true])) as AssetActions;
const SHAREABLE = actions(true);
/** The writes the page sent, leaving out the read of the images' plate boxes (a POST too). */
const writes = (calls: HubCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path !== '/api/plates/views').map((c) => c.path);
const record: RegistryRecord = {
  id: 'r1',
  category: 'ADP',
  registryType: 'Archivio di prodotto',
  name: 'Spider',
  sfId: 'SF-000077',
  groupId: 'L/MARKETING',
  ancestors: [],
  currentCategoryId: 'enr',
  title: 'Archivio di prodotto - Rif: SF-000077',
  publishedAt: null,
};

installFakeEventSource();

beforeEach(async () => {
  sessionStorage.clear();
  sessionStorage.setItem(
    'paddock.enrichment:enr:a0',
    JSON.stringify({
      products: [],
      tags: [],
      vinTarga: [{ vin: '', targa: '' }],
      copyright: [],
      copyrightNotes: '',
      metadata: { utilizzo: 'stampa' },
      overwrite: { vinTarga: true, copyright: true, metadata: true },
    }),
  );
  await i18n.changeLanguage('en');
});

function hub(
  registry: Reply,
  sharePublish: Reply = { status: 202, body: { jobId: 's1', record } },
  assetActions: AssetActions = SHAREABLE,
) {
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/enrichment/definitions': ok({ metadata: [] }),
    'GET /api/assets/a0': ok(anAssetDetail(0, { registryId: 'r1', actions: assetActions })),
    'GET /api/registry/r1': registry,
    'POST /api/enrichment': { status: 202, body: { jobId: 'j1' } },
    'GET /api/jobs/j1': aCompletedJob('j1', ['a0']),
    'POST /api/registry/share-publish/r1': sharePublish,
    // The job keeps the share id; the link is its owner's read from the provider.
    'GET /api/external-shares/sh': ok(aMadeShare('sh', 'link', [{ email: null, url: 'http://x/share/t1' }])),
  });
}

/** Chooses the option, gives a strong password and confirms; the enrichment job then completes. */
async function confirmWithSharing() {
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Share and publish' });
  expect(await within(section).findByTestId('registry-title')).toHaveTextContent(record.title);
  expect(within(section).getByText('Not published')).toBeVisible();
  await user.click(
    within(section).getByRole('checkbox', {
      name: 'Share the assets by link and publish the record after saving',
    }),
  );
  const confirm = screen.getByRole('button', { name: 'Confirm and save' });
  expect(confirm).toBeDisabled();
  await user.type(within(section).getByLabelText(/^Password\W*$/, { selector: 'input' }), STRONG);
  expect(confirm).toBeEnabled();
  await user.click(confirm);
  await waitFor(() => expect(FakeEventSource.opened.some((s) => s.url === '/api/jobs/j1/events')).toBe(true));
  FakeEventSource.opened
    .find((s) => s.url === '/api/jobs/j1/events')
    ?.emit({ jobId: 'j1', state: 'completed', progress: 100 });
}

describe('share and publish in the summary (SPEC §2 step 4)', () => {
  it('shows the registry record, then after the enrichment shares the assets by link and publishes it', async () => {
    const calls = hub(ok(record), {
      status: 202,
      body: { jobId: 's1', record: { ...record, publishedAt: '2026-11-26T06:00:00.000Z' } },
    });
    renderApp('/summary?folder=enr&ids=a0');
    await confirmWithSharing();

    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/registry/share-publish/r1')?.body).toMatchObject({
        type: 'link',
        name: record.title,
        contentIds: ['a0'],
        folderId: 'enr',
        password: STRONG,
      }),
    );
    // The enrichment went first.
    expect(writes(calls)).toEqual(['/api/enrichment', '/api/registry/share-publish/r1']);

    await waitFor(() =>
      expect(FakeEventSource.opened.some((s) => s.url === '/api/jobs/s1/events')).toBe(true),
    );
    FakeEventSource.opened
      .find((s) => s.url === '/api/jobs/s1/events')
      ?.emit({
        jobId: 's1',
        state: 'completed',
        progress: 100,
        result: { shareId: 'sh', sent: 0 },
      });
    expect(await screen.findByText(`Record published: ${record.title}`)).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue('http://x/share/t1');
    expect(screen.getByText('Published')).toBeVisible();
  });

  it('says E062 when the share fails: nothing published, and it may be tried again', async () => {
    hub(ok(record), hubError(409, E_CODES.SHARE_PUBLISH_FAILED));
    renderApp('/summary?folder=enr&ids=a0');
    await confirmWithSharing();
    const alert = await screen.findByText(
      'Sharing and publishing failed: the share could not be created and nothing was published.',
    );
    expect(alert).toBeVisible();
    expect(screen.getByText('Error code: E062')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try sharing and publishing again' })).toBeVisible();
    expect(screen.getByText('Not published')).toBeVisible();
  });

  it('asks for a plate box first when the wizard records a plate on an image (docs/plates.md)', async () => {
    sessionStorage.setItem(
      'paddock.enrichment:enr:a0',
      JSON.stringify({
        products: [],
        tags: [],
        vinTarga: [{ vin: '', targa: 'AB123CD' }],
        copyright: [],
        copyrightNotes: '',
        metadata: { utilizzo: 'stampa' },
        overwrite: { vinTarga: true, copyright: true, metadata: true },
      }),
    );
    // No plate recorded yet and no box: the plate this wizard writes is what makes the box needed.
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/enrichment/definitions': ok({ metadata: [] }),
      'GET /api/assets/a0': ok(anAssetDetail(0, { registryId: 'r1', actions: SHAREABLE })),
      'GET /api/registry/r1': ok(record),
      'POST /api/plates/views': ok({
        views: [
          {
            assetId: 'a0',
            state: 'none',
            boxes: [],
            plateRecorded: false,
            mayEdit: true,
            name: 'car-0',
            extension: 'jpg',
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/summary?folder=enr&ids=a0');
    const section = await screen.findByRole('region', { name: 'Share and publish' });
    await user.click(
      await within(section).findByRole('checkbox', {
        name: 'Share the assets by link and publish the record after saving',
      }),
    );
    await user.type(within(section).getByLabelText(/^Password\W*$/, { selector: 'input' }), STRONG);
    const plates = await within(section).findByRole('region', { name: 'Plates blurred for the recipients' });
    expect(await within(plates).findByText('Needs a box')).toBeVisible();
    const confirm = screen.getByRole('button', { name: 'Confirm and save' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(writes(calls)).toEqual([]);
  });

  it('shows the record but no option where the assets may not be shared from (SPEC §6)', async () => {
    hub(ok(record), undefined, actions(false));
    renderApp('/summary?folder=enr&ids=a0');
    const section = await screen.findByRole('region', { name: 'Share and publish' });
    expect(await within(section).findByTestId('registry-title')).toHaveTextContent(record.title);
    expect(
      within(section).getByText(
        'These assets cannot be shared from this folder: open the wizard from an archive folder where you may share.',
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('publishes the record after a confirmation, then unpublishes it (SPEC §7 registry publish)', async () => {
    const published = { ...record, publishedAt: '2026-11-28T16:00:00.000Z' };
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/enrichment/definitions': ok({ metadata: [] }),
      'GET /api/assets/a0': ok(anAssetDetail(0, { registryId: 'r1', actions: SHAREABLE })),
      'GET /api/registry/r1': ok(record),
      'POST /api/registry/publish/r1': ok(published),
      'POST /api/registry/unpublish/r1': ok(record),
    });
    const user = userEvent.setup();
    renderApp('/summary?folder=enr&ids=a0');
    const section = await screen.findByRole('region', { name: 'Share and publish' });
    expect(await within(section).findByTestId('registry-state')).toHaveTextContent('Not published');

    await user.click(within(section).getByRole('button', { name: 'Publish' }));
    const ask = await screen.findByRole('alertdialog', { name: `Publish “${record.title}”?` });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/registry/publish/r1')).toBe(false);

    await user.click(within(section).getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(section).getByTestId('registry-state')).toHaveTextContent('Published'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/registry/publish/r1']);

    await user.click(within(section).getByRole('button', { name: 'Unpublish' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: `Unpublish “${record.title}”?` })).getByRole(
        'button',
        { name: 'Unpublish' },
      ),
    );
    await waitFor(() =>
      expect(within(section).getByTestId('registry-state')).toHaveTextContent('Not published'),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/registry/publish/r1',
      '/api/registry/unpublish/r1',
    ]);
  });

  it('clears the record when it cannot be read (E059): no option to share and publish', async () => {
    hub(hubError(503, E_CODES.REGISTRY_FAILED));
    renderApp('/summary?folder=enr&ids=a0');
    const section = await screen.findByRole('region', { name: 'Share and publish' });
    expect(
      await within(section).findByText('The registry record could not be loaded: it has been cleared.'),
    ).toBeVisible();
    expect(within(section).getByText('Error code: E059')).toBeVisible();
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm and save' })).toBeEnabled();
  });
});
