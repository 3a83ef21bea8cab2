import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './portal';
import type { AssetSummary, FolderNode } from '@paddock/rules';
import { DERIVATIVES, derivedListing, keepScreenshot, openDepartmentArchive, signIn, TEXTS } from './support';

const t = TEXTS.en;

/**
 * Opens the asset's detail by its address: earlier specs fill the archive, so its tile may lie
 * below the fold of the virtualised grid, not rendered to double-click.
 */
async function openAsset(page: Page, asset: AssetSummary) {
  const address = new URL(page.url());
  address.searchParams.set('asset', asset.id);
  await page.goto(address.toString());
  await expect(page).toHaveURL(new RegExp(`asset=${asset.id}`));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * The department archive once its demo assets are derived, reloaded so the page lists them in the
 * listing's order (a derivative job that ends refreshes the list, moving tiles under the pointer).
 */
async function openDerivedArchive(page: Page): Promise<AssetSummary[]> {
  const folderId = await openDepartmentArchive(page);
  const items = await derivedListing(page.request, folderId);
  await page.reload();
  await expect(page.getByText(/^Results: \d+$/)).toBeVisible();
  return items;
}

/** Polls a URL of the hub until it answers 200, then gives its content type. */
async function contentTypeOnceReady(request: APIRequestContext, url: string | null): Promise<string> {
  expect(url).toBeTruthy();
  let type = '';
  await expect
    .poll(async () => {
      const response = await request.get(url as string);
      type = response.headers()['content-type'] ?? '';
      return response.status();
    }, DERIVATIVES)
    .toBe(200);
  return type;
}

test.describe('previews in the detail modal (demo content of every type)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'mario.rossi', 'en');
  });

  test('a video has a poster and an MP4 proxy; a PDF its first page; an audio its source', async ({
    page,
  }) => {
    test.setTimeout(DERIVATIVES.timeout + 60_000);
    const items = await openDerivedArchive(page);
    const video = items.find((item) => item.type === 'VIDEO');
    const pdf = items.find((item) => item.extension === 'pdf');
    const audio = items.find((item) => item.type === 'AUDIO');
    expect(video && pdf && audio).toBeTruthy();

    let dialog = await openAsset(page, video as AssetSummary);
    const player = dialog.getByLabel(t.assetDetail.preview.video);
    await expect(player).toBeVisible();
    const poster = await player.getAttribute('poster');
    expect(await contentTypeOnceReady(page.request, poster)).toMatch(/^image\//);
    expect(await contentTypeOnceReady(page.request, await player.getAttribute('src'))).toBe('video/mp4');
    await keepScreenshot(page, 'preview-video-en');
    await dialog.getByRole('button', { name: t.assetDetail.close }).click();
    await expect(dialog).toBeHidden();

    dialog = await openAsset(page, pdf as AssetSummary);
    const firstPage = dialog.getByRole('img', { name: t.assetDetail.preview.document });
    await expect(firstPage).toBeAttached();
    expect(await contentTypeOnceReady(page.request, await firstPage.getAttribute('src'))).toMatch(/^image\//);
    // The image element itself shows the page (decoded, not a broken image).
    await expect
      .poll(async () => {
        await page.reload();
        const img = page.getByRole('dialog').getByRole('img', { name: t.assetDetail.preview.document });
        await img.waitFor();
        return img.evaluate(
          (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth,
        );
      }, DERIVATIVES)
      .toBeGreaterThan(0);
    await keepScreenshot(page, 'preview-pdf-en');
    await page.getByRole('button', { name: t.assetDetail.close }).click();

    dialog = await openAsset(page, audio as AssetSummary);
    const sound = dialog.getByLabel(t.assetDetail.preview.audio);
    await expect(sound).toBeAttached();
    expect(await contentTypeOnceReady(page.request, await sound.getAttribute('src'))).toMatch(/^audio\//);
  });

  test('previous and next wrap around at both ends of the result list', async ({ page }) => {
    test.setTimeout(DERIVATIVES.timeout + 60_000);
    const items = await openDerivedArchive(page);
    expect(items.length).toBeGreaterThan(2);
    const first = items[0] as AssetSummary;
    const second = items[1] as AssetSummary;
    const last = items[items.length - 1] as AssetSummary;

    await openAsset(page, first);
    await page.getByRole('button', { name: t.assetDetail.next }).click();
    await expect(page).toHaveURL(new RegExp(`asset=${second.id}`));
    await page.getByRole('button', { name: t.assetDetail.previous }).click();
    await expect(page).toHaveURL(new RegExp(`asset=${first.id}`));
    // Before the first comes the last ...
    await page.getByRole('button', { name: t.assetDetail.previous }).click();
    await expect(page).toHaveURL(new RegExp(`asset=${last.id}`));
    await expect(page.getByRole('dialog')).toBeVisible();
    // ... and after the last, the first again.
    await page.getByRole('button', { name: t.assetDetail.next }).click();
    await expect(page).toHaveURL(new RegExp(`asset=${first.id}`));
  });
});

/** The id of the department's suppliers root folder (frnt01-<department>), from a signed-in tree. */
async function suppliersRootId(request: APIRequestContext): Promise<string> {
  const tree = (await (await request.get('/api/folders/tree?lang=en')).json()) as { roots: FolderNode[] };
  const all = (nodes: FolderNode[]): FolderNode[] =>
    nodes.flatMap((node) => [node, ...all(node.children ?? [])]);
  const root = all(tree.roots).find((node) => node.prettyId === 'frnt01-marketing');
  expect(root).toBeTruthy();
  return (root as FolderNode).id;
}

/** A tus creation request (POST /api/uploads) with the session's cookie and csrf token. */
async function tusCreate(request: APIRequestContext, folderId: string) {
  const session = (await (await request.get('/api/session')).json()) as { csrfToken: string };
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return request.post('/api/uploads', {
    headers: {
      'x-csrf-token': session.csrfToken,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': '4',
      'Upload-Metadata': `filename ${b64('denied.png')},folderId ${b64(folderId)}`,
    },
  });
}

test.describe('no uploads into the suppliers folder (SPEC §5)', () => {
  test('mario.rossi sees Upload disabled there, and the hub refuses a direct tus upload', async ({
    page,
  }) => {
    await signIn(page, 'mario.rossi', 'en');
    // The suppliers folder belongs to the Suppliers view (the Archives tree holds archive folders only).
    await page.goto('/home?view=supplier');
    await page.getByRole('treeitem', { name: 'Marketing' }).click();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('treeitem', { name: 'Suppliers', exact: true }).click();
    await expect(page.getByText(/^Results: \d+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: t.uploads.open, exact: true })).toBeDisabled();

    const response = await tusCreate(page.request, await suppliersRootId(page.request));
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'UPLOAD_DENIED_SUPPLIERS' });
  });

  test('foto.studio is refused a direct tus upload into the suppliers folder too', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The supplier does not see the suppliers root: its id comes from a Marketing user's tree.
    const marketing = await browser.newPage({ baseURL });
    await signIn(marketing, 'mario.rossi', 'en');
    const folderId = await suppliersRootId(marketing.request);
    await marketing.close();

    // A folder the supplier cannot see answers as an unknown one (no existence oracle, issue 11).
    await signIn(page, 'foto.studio', 'en');
    const response = await tusCreate(page.request, folderId);
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
