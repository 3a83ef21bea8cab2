import { createHash } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AssetListResponse, AssetSummary, FolderNode } from '@paddock/rules';
import it from '../web/src/i18n/it.json';
import en from '../web/src/i18n/en.json';
import fr from '../web/src/i18n/fr.json';
import type pg from 'pg';
import sharp from 'sharp';
import { insertContents } from '../bench/seed-sql.mjs';
import { e2ePortal } from '../playwright.config';
import { watchMissingTexts } from './portal';
import { DEMO_PASSWORD } from '../server/src/config/demo-secrets';

/** The portal's own texts, so tests follow the translations instead of copying them. */
export const TEXTS = { it, en, fr };
export type Lang = keyof typeof TEXTS;

export { DEMO_PASSWORD };

/** Screenshots kept as test artefacts (issue 2: one per language, and the key screens). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

export async function fillLogin(
  page: Page,
  username: string,
  password: string,
  lang: Lang = 'it',
): Promise<void> {
  const t = TEXTS[lang].auth.login;
  await page.getByLabel(t.username).fill(username);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.submit }).click();
}

/** The disclaimer dialog in acceptance-required mode, as the server words it (demo disclaimer v1). */
export function requiredDisclaimer(page: Page) {
  return page.getByRole('dialog', { name: /^v1 — / });
}

/** The browser locale that goes with each portal language. */
/** The two laptop screens the daily-use issues were walked at. */
export const LAPTOP_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
export const BROWSER_LOCALES: Record<Lang, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/**
 * `steps` in a browser of their own (no cookie, storage or draft of another language's run), with
 * `username` signed in; closed afterwards whatever happens.
 */
export async function inFreshBrowser(
  browser: Browser,
  username: string,
  lang: Lang,
  steps: (page: Page) => Promise<void>,
  viewport?: { width: number; height: number },
): Promise<void> {
  await signedInContext(
    browser,
    { locale: BROWSER_LOCALES[lang], ...(viewport ? { viewport } : {}) },
    username,
    lang,
    steps,
  );
}

/** `steps` in a new browser context of `options`, `username` signed in in `lang`; closed afterwards whatever happens. */
async function signedInContext(
  browser: Browser,
  options: BrowserContextOptions,
  username: string,
  lang: Lang,
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext(options);
  const missing = watchMissingTexts(context);
  const page = await context.newPage();
  try {
    await signIn(page, username, lang);
    await steps(page);
    missing.expectNone();
  } finally {
    await context.close();
  }
}

type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The sessions this Playwright worker has opened, by user and language. A test that only needs
 * someone signed in resumes one (its cookie and the language the login page stored) instead of
 * filling the login form again: 0.9 s instead of 1.7 s, in most of the suite's 120 tests.
 */
const openSessions = new Map<string, SignedInState>();

/**
 * `username` signed in in `lang` on the home page, past the disclaimer: a session this worker
 * opened before when the server still knows it (another test may have signed it out), else the
 * login form. Tests about signing in itself use `signInWithForm`.
 */
export async function signIn(page: Page, username: string, lang: Lang = 'it'): Promise<void> {
  const key = `${username}/${lang}`;
  const saved = openSessions.get(key);
  if (saved && (await resumeSession(page, saved))) return;
  await signInWithForm(page, username, lang);
  openSessions.set(key, await page.context().storageState());
}

async function resumeSession(page: Page, saved: SignedInState): Promise<boolean> {
  const context = page.context();
  await context.addCookies(saved.cookies);
  if (!(await context.request.get('/api/session')).ok()) {
    await context.clearCookies();
    return false;
  }
  // Set before the application reads them, and only where the page has not set its own since.
  await context.addInitScript(
    (entries) => {
      for (const { name, value } of entries)
        if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
    },
    saved.origins.flatMap((origin) => origin.localStorage),
  );
  await page.goto('/home');
  await acceptDisclaimerIfAsked(page);
  await expect(page.getByTestId('default-view')).toBeVisible();
  return true;
}

/** Signs in from /login and gets past the disclaimer when this user has not accepted it yet. */
export async function signInWithForm(page: Page, username: string, lang: Lang = 'it'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('combobox', { name: /^(Lingua|Language|Langue)$/ }).selectOption(lang);
  await fillLogin(page, username, DEMO_PASSWORD, lang);
  await expect(page).toHaveURL(/\/home/);
  await acceptDisclaimerIfAsked(page);
  await expect(page.getByTestId('default-view')).toBeVisible();
}

export async function acceptDisclaimerIfAsked(page: Page): Promise<void> {
  const dialog = requiredDisclaimer(page);
  const homeOrDialog = await Promise.race([
    dialog.waitFor({ state: 'visible' }).then(() => 'dialog' as const),
    page
      .getByTestId('default-view')
      .waitFor({ state: 'visible' })
      .then(() => 'home' as const),
  ]);
  if (homeOrDialog === 'dialog') {
    await dialog.getByRole('button', { name: /^(Accetto|I accept|J'accepte)$/ }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The token the hub asks for on every change (POST, PATCH, DELETE) made outside the page. */
export async function csrfToken(page: Page): Promise<string> {
  const session = await page.request.get('/api/session');
  return ((await session.json()) as { csrfToken: string }).csrfToken;
}

/**
 * The database of this worker's e2e server (scripts/e2e-server.mjs), for data too large to make
 * through the API.
 */
export function e2eDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/paddock');
  url.pathname = `/${e2ePortal(test.info().parallelIndex).database}`;
  return url.toString();
}

/** Opens Marketing › Department archive in the folder tree (EN) and answers the folder's id. */
export async function openDepartmentArchive(page: Page): Promise<string> {
  await page.getByRole('treeitem', { name: 'Marketing' }).click();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('treeitem', { name: 'Department archive' }).click();
  await expect(page.getByText(/^Results: \d+$/)).toBeVisible();
  const folderId = new URL(page.url()).searchParams.get('folder');
  expect(folderId).toBeTruthy();
  return folderId as string;
}

/** The folder with this SPEC §3 code (e.g. 'appstp1-marketing'), as the signed-in user's tree has it. */
export async function folderByCode(page: Page, prettyId: string): Promise<FolderNode> {
  const tree = (await (await page.request.get('/api/folders/tree?lang=en')).json()) as {
    roots: FolderNode[];
  };
  const find = (nodes: FolderNode[]): FolderNode | undefined =>
    nodes.map((node) => (node.prettyId === prettyId ? node : find(node.children ?? []))).find(Boolean);
  const folder = find(tree.roots);
  expect(folder, `${prettyId} is in the tree`).toBeDefined();
  return folder!;
}

/** Opens the listing of the folder with this SPEC §3 code and waits for its result count (any language). */
export async function openFolderByCode(page: Page, prettyId: string): Promise<void> {
  await page.goto(`/home?folder=${(await folderByCode(page, prettyId)).id}`);
  await expect(page.getByText(/^(Results|Risultati|Résultats)\s?: \d+$/)).toBeVisible();
}

/** Uploads the files into the open folder with the Upload dialog, and closes it once all are done. */
export async function uploadFiles(
  page: Page,
  files: Parameters<Locator['setInputFiles']>[0],
  { lang = 'en', timeout = 30_000 }: { lang?: Lang; timeout?: number } = {},
): Promise<void> {
  const t = TEXTS[lang].uploads;
  await page.getByRole('button', { name: t.open, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.choose).setInputFiles(files);
  const count = Array.isArray(files) ? files.length : 1;
  await expect(dialog.getByText(t.status.done, { exact: true })).toHaveCount(count, { timeout });
  await dialog.getByRole('button', { name: t.close }).first().click();
}

/** The listing's one scroll area (grid or list). */
export const LISTING_SCROLLER = '[data-testid="asset-scroll"]';

/**
 * Keeps the listing scrolled to its bottom, frame after frame, until the asset at `index` is in the
 * page, then brings it into view: each bottom reached asks for the next page, so this goes as fast
 * as the pages arrive. (Outside the page the asset may be virtualised away again at any moment.)
 */
export async function scrollListingTo(page: Page, index: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, index }) => {
      const box = document.querySelector<HTMLElement>(selector)!;
      const item = box.querySelector(`[data-index-item="${index}"]`);
      if (item) item.scrollIntoView({ block: 'center' });
      else box.scrollTop = box.scrollHeight;
      return Boolean(item);
    },
    { selector: LISTING_SCROLLER, index },
    { polling: 'raf', timeout: 150_000 },
  );
}

/** The bar that lies over the listing's toolbar while assets are selected. */
export function selectionBar(page: Page, lang: Lang = 'en'): Locator {
  return page.getByRole('region', { name: TEXTS[lang].assets.selection.bar });
}

/** Runs one of the selection bar's rarer actions (previews, shares): they are in its "More" menu. */
export async function chooseFromMoreMenu(page: Page, item: string, lang: Lang = 'en'): Promise<void> {
  await selectionBar(page, lang)
    .getByRole('button', { name: TEXTS[lang].assets.selection.more, exact: true })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Derivatives (thumbnails, previews, posters, proxies) are made by jobs after an upload or the
 * seed, behind every demo asset's ffmpeg and LibreOffice runs: genuinely slow work on a busy
 * machine, so waits for them get minutes where a page gets the default seconds.
 */
export const DERIVATIVES = { timeout: 240_000, intervals: [500, 1000, 2000] };

/** The name an asset goes by in the listing (its name, with the extension when the name lacks it). */
export function itemName(asset: AssetSummary): string {
  return asset.name.toLowerCase().endsWith(`.${asset.extension.toLowerCase()}`)
    ? asset.name
    : `${asset.name}.${asset.extension}`;
}

/**
 * The folder's listing as the home asks for it (newest first, named for a `lang` reader), once no asset in it (or only the
 * one named) is still PROCESSING: its derivative jobs have ended, so nothing in the list changes
 * under the pointer any more.
 */
export async function derivedListing(
  request: APIRequestContext,
  folderId: string,
  name?: string,
  lang: Lang = 'en',
): Promise<AssetSummary[]> {
  const params = new URLSearchParams({
    folderId,
    subfolders: 'false',
    sort: 'creationDate',
    order: 'desc',
    offset: '0',
    limit: '100',
    // Names as the page shows them: in the interface language's asset locale.
    lang,
  });
  let items: AssetSummary[] = [];
  await expect
    .poll(async () => {
      const response = await request.get(`/api/assets?${params.toString()}`);
      expect(response.status()).toBe(200);
      const body = (await response.json()) as AssetListResponse;
      expect(body.hasMore).toBe(false);
      items = body.items;
      return items.filter((item) => (!name || itemName(item) === name) && item.state === 'PROCESSING').length;
    }, DERIVATIVES)
    .toBe(0);
  return items;
}

/**
 * A real JPEG made here (never downloaded): a coloured disc on a plain background, with a mark
 * that only this name draws, so two files never share their bytes (the pre-flight blocks a copy of
 * an archived asset); 1920×1280, as a delivery that passes the pre-flight's blocking rules.
 */
export async function jpeg(name: string, disc: string) {
  const mark = createHash('sha256').update(name).digest();
  const colour = `#${mark.subarray(0, 3).toString('hex')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1280">
    <rect width="1920" height="1280" fill="#1d3b53"/><circle cx="960" cy="640" r="416" fill="${disc}"/>
    <rect x="${40 + (mark[3]! % 200)}" y="${40 + (mark[4]! % 100)}" width="48" height="48" fill="${colour}"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** Runs `steps` signed in as `username` (in `lang`, EN by default) in a browser context of its own. */
export async function as(
  browser: Browser,
  username: string,
  steps: (page: Page) => Promise<void>,
  { lang = 'en', viewport }: { lang?: Lang; viewport?: { width: number; height: number } } = {},
) {
  await signedInContext(
    browser,
    { locale: 'en-GB', ...(viewport ? { viewport } : {}) },
    username,
    lang,
    steps,
  );
}

/** `as`, with the folder of `prettyId` open before `steps`. */
export function asInFolder(
  browser: Browser,
  username: string,
  prettyId: string,
  steps: (page: Page) => Promise<void>,
  options: Parameters<typeof as>[3] = {},
): Promise<void> {
  return as(
    browser,
    username,
    async (page) => {
      await openFolderByCode(page, prettyId);
      await steps(page);
    },
    options,
  );
}

/** The wizard is at this step: its own address, and the current item of its step list. */
export async function atWizardStep(
  page: Page,
  lang: Lang,
  step: 'product' | 'copyright' | 'tag' | 'summary',
): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${step}\\?`));
  await expect(
    page.getByRole('list', { name: TEXTS[lang].enrichment.steps }).locator('[aria-current="page"]'),
  ).toContainText(TEXTS[lang].sections[step]);
}

/**
 * Opens the asset from the open folder's listing (so the modal knows the folder), reloading while
 * a job moves it in, once its derivatives are made; answers the detail with its preview loaded (so
 * a drawing surface over it has its final size). Signed in in EN.
 */
export async function openListedAsset(page: Page, name: string): Promise<Locator> {
  await expect
    .poll(
      async () => {
        if (await page.getByRole('option', { name }).isVisible()) return true;
        await page.reload();
        await expect(page.getByText(/^Results: \d+$/)).toBeVisible();
        return page.getByRole('option', { name }).isVisible();
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  // The preview is made by the version's derivatives job: opened before it ends, it stays blank.
  await derivedListing(page.request, new URL(page.url()).searchParams.get('folder') ?? '', name);
  await page.getByRole('option', { name }).dblclick();
  const detail = page.getByRole('dialog', { name });
  const preview = detail.getByRole('img', { name: TEXTS.en.assetDetail.preview.image });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return detail;
}

/** Submits a job through the hub as the signed-in user (with the CSRF header) and waits until it completed. */
export async function completedJob(page: Page, path: string, data: unknown = {}): Promise<void> {
  const submitted = await page.request.post(path, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data,
  });
  expect(submitted.status()).toBe(202);
  const { jobId } = (await submitted.json()) as { jobId: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { state: string }).state,
      { timeout: 60_000 },
    )
    .toBe('completed');
}

/**
 * One content straight into the provider's schema of `db` (no file behind it: for specs where a
 * link, a move or a refusal is what counts); answers its id.
 */
export async function seedBareContent(db: pg.Client, folderId: string, name: string): Promise<string> {
  await db.query('BEGIN');
  await db.query(`CREATE TEMP TABLE e2e_seed ON COMMIT DROP AS
    SELECT 1 AS g, gen_random_uuid() AS id, 'jpg' AS ext, ${db.escapeLiteral(name)} AS name,
      ${db.escapeLiteral(name)} AS name_it, ${db.escapeLiteral(folderId)}::uuid AS folder, now() AS created`);
  await insertContents(db, 'e2e_seed');
  const id = (await db.query<{ id: string }>('SELECT id FROM e2e_seed')).rows[0]!.id;
  await db.query('COMMIT');
  return id;
}
