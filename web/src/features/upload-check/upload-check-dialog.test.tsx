import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileFingerprint, UploadCheckFilesRequest } from '@paddock/rules';
import {
  aFolder,
  anAsset,
  assetListing,
  assetTotal,
  ok,
  signedInHub,
  type HubCall,
  type Route,
} from '../../../test/fake-hub';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';

// jsdom draws no pictures and has no Web Crypto digest: the hashing is Chromium's (e2e/duplicates.spec.ts).
jest.mock('./file-fingerprint', () => ({
  fingerprintOf: (file: File): Promise<FileFingerprint> =>
    Promise.resolve({
      name: file.name,
      sha256: file.name.startsWith('huge') ? null : 'a'.repeat(64),
      dhash: '0f0f0f0f0f0f0f0f',
    }),
}));

withFreshBrowserInEnglish();

const tree = [aFolder({ id: 'mk', name: 'Marketing' })];

/** The listing asks for 100 per page; the upload check for 10 with its own text and switch. */
const checkCalls = (calls: HubCall[]) =>
  calls.filter((call) => call.path === '/api/assets' && call.query.get('limit') === '10');

/** The listing and count of `total` assets, and of none for the search "nothing". */
const assetsMatching = (total: number): Record<string, Route> => ({
  'GET /api/assets': (call) => assetListing(call.query.get('q') === 'nothing' ? 0 : total)(call),
  'GET /api/assets/total': (call) => assetTotal(call.query.get('q') === 'nothing' ? 0 : total),
});

/** The Marketing folder's listing, over `assets`, with its upload check open. */
async function openCheck(assets: Record<string, Route>) {
  const calls = signedInHub({ tree, routes: assets });
  renderApp('/home?folder=mk');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Check for duplicates' }));
  const dialog = await screen.findByRole('dialog', { name: 'Duplicate check — Marketing' });
  return { calls, user, dialog };
}

describe('upload check (SPEC §2 Dialogs, §5, §9)', () => {
  it('searches the folder and its subfolders by exact name or tag, 10 results a page', async () => {
    const { calls, user, dialog } = await openCheck(assetsMatching(45));
    expect(checkCalls(calls)).toHaveLength(0);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Name or tag' }), ' Spider ');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));

    expect(await within(dialog).findByText('Results: 45')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('list', { name: 'Assets already uploaded' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('asset-0.jpg');
    expect(rows[0]?.querySelector('img')).toHaveAttribute('src', '/api/assets/a0/thumbnail?size=200x200');
    expect(checkCalls(calls)[0]?.query.toString()).toBe(
      'folderId=mk&subfolders=true&q=Spider&sort=creationDate&order=desc&offset=0&limit=10&lang=en',
    );
    // Its count is asked beside the page (the home listing behind the dialog asks its own, without q).
    const totals = calls.filter((call) => call.path === '/api/assets/total' && call.query.has('q'));
    expect(totals.map((call) => call.query.toString())).toEqual(['folderId=mk&subfolders=true&q=Spider']);
  });

  it('pages with previous/next and a range of 3 page numbers, no first or last buttons', async () => {
    const { calls, user, dialog } = await openCheck(assetsMatching(45));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const pages = await within(dialog).findByRole('navigation', { name: 'Result pages' });
    const numbers = () =>
      within(pages)
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((button) => button.textContent);
    expect(numbers()).toEqual(['1', '2', '3']);
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await within(dialog).findByText('asset-20.jpg')).toBeInTheDocument();
    expect(numbers()).toEqual(['2', '3', '4']);
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await user.click(await within(pages).findByRole('button', { name: 'Next page' }));
    expect(await within(dialog).findByText('asset-40.jpg')).toBeInTheDocument();
    expect(numbers()).toEqual(['3', '4', '5']);
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(checkCalls(calls).map((call) => call.query.get('offset'))).toEqual(['0', '20', '30', '40']);
  });

  it('says "10,000+" past the count cap', async () => {
    const { user, dialog } = await openCheck(assetsMatching(10_025));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('Results: 10,000+')).toBeInTheDocument();
  });

  it('keeps offering the next page past a capped count while the pages are full', async () => {
    // The count stops at the cap (here pretended to be 10 assets); the pages go on to the 35th.
    const { calls, user, dialog } = await openCheck({
      'GET /api/assets': assetListing(35),
      'GET /api/assets/total': ok({ totalResults: 10, totalIsCapped: true }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const pages = await within(dialog).findByRole('navigation', { name: 'Result pages' });
    for (const first of [10, 20, 30]) {
      await user.click(within(pages).getByRole('button', { name: 'Next page' }));
      expect(await within(dialog).findByText(`asset-${first}.jpg`)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Results: 10+')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(checkCalls(calls).map((call) => call.query.get('offset'))).toEqual(['0', '10', '20', '30']);
  });

  it('searches the folder alone when the subfolders switch is off, and says when nothing matches', async () => {
    const { calls, user, dialog } = await openCheck(assetsMatching(45));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Include subfolders' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Name or tag' }), 'nothing');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));

    expect(await within(dialog).findByText('No uploaded asset matches this search.')).toBeInTheDocument();
    expect(within(dialog).getByText('Results: 0')).toBeInTheDocument();
    expect(within(dialog).queryByRole('navigation')).not.toBeInTheDocument();
    expect(checkCalls(calls)[0]?.query.get('subfolders')).toBe('false');
  });

  it('checks chosen files by their hashes only, and says per file what the archive already holds', async () => {
    const found = { ...anAsset(7, { name: 'spider-front.jpg' }), folderId: 'mk' };
    const { calls, user, dialog } = await openCheck({
      ...assetsMatching(0),
      'POST /api/duplicates/check': ok({
        files: [
          { name: 'copy.jpg', exact: [found], near: [] },
          { name: 'retouched.jpg', exact: [], near: [{ ...found, distance: 3 }] },
          { name: 'huge.tif', exact: [], near: [] },
        ],
      }),
    });
    const files = ['copy.jpg', 'retouched.jpg', 'huge.tif'].map(
      (name) => new File(['x'], name, { type: 'image/jpeg' }),
    );
    await user.upload(within(dialog).getByLabelText('Choose files to check…'), files);

    const results = await within(dialog).findByRole('list', { name: 'Files checked' });
    expect(within(results).getByRole('listitem', { name: 'copy.jpg' })).toHaveTextContent('Same file');
    expect(within(results).getByRole('listitem', { name: 'copy.jpg' })).toHaveTextContent('spider-front.jpg');
    expect(within(results).getByRole('listitem', { name: 'retouched.jpg' })).toHaveTextContent(
      'Similar picture (distance 3)',
    );
    const huge = within(results).getByRole('listitem', { name: 'huge.tif' });
    expect(huge).toHaveTextContent('No copy found');
    expect(huge).toHaveTextContent('Too large to compare byte by byte here');
    const [sent] = calls.filter((call) => call.method === 'POST' && call.path === '/api/duplicates/check');
    expect((sent?.body as UploadCheckFilesRequest).files.map((f) => [f.name, f.sha256 !== null])).toEqual([
      ['copy.jpg', true],
      ['retouched.jpg', true],
      ['huge.tif', false],
    ]);
    // The link opens the asset found.
    expect(within(results).getAllByRole('link', { name: /spider-front\.jpg/ })[0]).toHaveAttribute(
      'href',
      expect.stringContaining(`asset=${found.id}`),
    );
  });

  it('refuses more files than one check takes, before hashing any', async () => {
    const { calls, user, dialog } = await openCheck(assetsMatching(0));
    const files = Array.from({ length: 51 }, (_, i) => new File(['x'], `f${i}.jpg`, { type: 'image/jpeg' }));
    await user.upload(within(dialog).getByLabelText('Choose files to check…'), files);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at most 50 files at once.');
    expect(calls.filter((call) => call.path === '/api/duplicates/check')).toEqual([]);
  });
});
