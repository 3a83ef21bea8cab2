import type { Role, View } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import {
  aFolder,
  aSession,
  anAssetDetail,
  assetRoutes,
  ok,
  signedInHub,
  type HubCall,
} from '../../../test/fake-hub';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';

withFreshBrowserInEnglish();

/** One folder per view, each decided by its SPEC §3 code. */
const FOLDERS: Record<string, { prettyId: string; isSupplier?: boolean }> = {
  archives: { prettyId: 'arch04-marketing' },
  enrichment: { prettyId: 'arrc03-marketing' },
  supplier: { prettyId: 'frnt01-marketing-fotostudio', isSupplier: true },
  supplierRecieved: { prettyId: 'lvrr02-marketing', isSupplier: true },
  approver: { prettyId: 'appstp1-marketing' },
  rejected: { prettyId: 'rftt00-marketing' },
  departmentJunk: { prettyId: 'junk-marketing' },
};

const MAKER: Role[] = ['user', 'approver', 'admin'];

function hub(roles: Role[] = MAKER): HubCall[] {
  const folders = Object.entries(FOLDERS).map(([view, f]) =>
    aFolder({ id: view, name: `${view} folder`, ...f }),
  );
  return signedInHub({
    session: aSession({ roles }),
    tree: folders,
    routes: {
      'GET /api/folders/:id': (call) => {
        const id = call.path.split('/').pop()!;
        return ok({ ...folders.find((f) => f.id === id), path: [{ id, name: `Path to ${id}` }] });
      },
      ...assetRoutes(1),
      'GET /api/assets/a0': ok(anAssetDetail(0)),
    },
  });
}

/** SPEC §2: the detail modal shows the folder path in the archives, enrichment and supplier views only. */
describe('the detail breadcrumb per view', () => {
  it.each<[View, Role[]]>([
    ['archives', MAKER],
    ['enrichment', MAKER],
    ['supplier', MAKER],
    ['supplierRecieved', ['supplier']],
  ])('is shown in %s', async (view, roles) => {
    hub(roles);
    renderApp(`/home?view=${view}&folder=${view}&asset=a0`);
    const dialog = within(await screen.findByRole('dialog', { name: 'asset-0.jpg' }, { timeout: 15_000 }));
    expect(screen.getByTestId('default-view')).toHaveAttribute('data-view', view);
    expect(await dialog.findByLabelText('Folder path')).toHaveTextContent(`Path to ${view}`);
  });

  it.each<View>(['approver', 'rejected', 'departmentJunk'])('is not shown in %s', async (view) => {
    const calls = hub();
    renderApp(`/home?view=${view}&folder=${view}&asset=a0`);
    const dialog = within(await screen.findByRole('dialog', { name: 'asset-0.jpg' }, { timeout: 15_000 }));
    expect(screen.getByTestId('default-view')).toHaveAttribute('data-view', view);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/assets/a0')).toBe(true));
    expect(dialog.queryByLabelText('Folder path')).toBeNull();
    expect(dialog.queryByText(`Path to ${view}`)).toBeNull();
  });
});
