import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import { SHARE_TEXTS, type ShareLanguage } from '@paddock/rules';
import sharp from 'sharp';
import { SmtpSink } from '../server/test/support/smtp-sink';
import {
  BROWSER_LOCALES,
  chooseFromMoreMenu,
  csrfToken,
  derivedListing,
  keepScreenshot,
  openDepartmentArchive,
  signIn,
  TEXTS,
  type Lang,
} from './support';

const run = promisify(execFile);
const STRONG = 'Spider-1966-Press#Kit';
const WEAK = 'spider1966';
const RECIPIENT = 'journaliste@presse.example.fr';
const prefix = `e2e-share-${Date.now()}`;
const files = [`${prefix}-front.jpg`, `${prefix}-back.jpg`, `${prefix}-clip.mp4`];
let folderId = '';
let sink: SmtpSink;

async function photo(name: string, fill: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="${fill}"/><circle cx="600" cy="400" r="250" fill="#f0d060"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** A two-second clip made by ffmpeg from its test source (never downloaded). */
function clip(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-e2e-share-'));
  try {
    const out = join(dir, name);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=size=640x360:rate=25:duration=2', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', out],
    ]);
    return { name, mimeType: 'video/mp4', buffer: readFileSync(out) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Finds the three uploaded assets in the folder by the search box and selects them. */
async function selectTheThree(page: Page, lang: Lang): Promise<void> {
  const t = TEXTS[lang];
  await page.goto(`/home?folder=${encodeURIComponent(folderId)}`);
  await page.getByRole('searchbox', { name: t.assets.search.label }).fill(prefix);
  await page.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
  const options = page.getByRole('option', { name: new RegExp(`^${prefix}-`) });
  await expect(options).toHaveCount(3);
  await options.nth(0).click();
  await options.nth(1).click({ modifiers: ['ControlOrMeta'] });
  await options.nth(2).click({ modifiers: ['ControlOrMeta'] });
}

function shareDialog(page: Page, lang: Lang) {
  const title = TEXTS[lang].sharing.dialog.title_other.replace('{{count}}', '3');
  return page.getByRole('dialog', { name: new RegExp(`^${title}`) });
}

/**
 * Opens the share page in a browser of its own (no portal session, in Rome's time zone) and enters
 * the password.
 */
async function openAsRecipient(browser: Browser, url: string, language: ShareLanguage, password = STRONG) {
  const context = await browser.newContext({
    acceptDownloads: true,
    locale: BROWSER_LOCALES[language],
    timezoneId: 'Europe/Rome',
  });
  const page = await context.newPage();
  const texts = SHARE_TEXTS[language];
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByLabel(texts.passwordLabel).fill(password);
  await page.getByRole('button', { name: texts.open }).click();
  await expect(page.locator('li.card')).toHaveCount(3);
  return { context, page };
}

test.describe.serial('external shares', () => {
  test.beforeAll(async ({ portal }) => {
    sink = new SmtpSink();
    await sink.start(portal.smtpPort);
  });
  test.afterAll(async () => {
    await sink.stop();
  });

  test('mario e-mails three archive assets with a strong password; the recipient opens, plays, downloads; a revoke stops the link', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const t = TEXTS.en;
    await signIn(page, 'mario.rossi', 'en');
    folderId = await openDepartmentArchive(page);
    await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
    const upload = page.getByRole('dialog', { name: /^Upload to Department archive$/ });
    await upload
      .getByLabel(t.uploads.choose)
      .setInputFiles([await photo(files[0], '#2a5d3c'), await photo(files[1], '#8a1c1c'), clip(files[2])]);
    await expect(upload.getByText(t.uploads.status.done, { exact: true })).toHaveCount(3, {
      timeout: 60_000,
    });
    await upload.getByRole('button', { name: t.uploads.close }).first().click();
    // The recipient is to see real previews and play the video: wait for the derivatives.
    await derivedListing(page.request, folderId);

    await selectTheThree(page, 'en');
    await chooseFromMoreMenu(page, t.sharing.action);
    const dialog = shareDialog(page, 'en');

    // Step 1: link or e-mail.
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible();
    await dialog.getByText(t.sharing.types.email, { exact: true }).click();
    await dialog.getByRole('button', { name: t.sharing.dialog.next }).click();

    // Step 2: the details, with the preview of the selection.
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible();
    await expect(dialog.getByTestId('share-preview-thumb')).toHaveCount(3);
    const shareName = `${prefix} press kit`;
    await dialog.getByLabel(t.sharing.dialog.name).fill(shareName);
    await dialog
      .getByRole('textbox', { name: t.sharing.dialog.recipients, exact: true })
      .fill(`${RECIPIENT};`);
    await dialog.getByLabel(t.sharing.dialog.message).fill('Per la stampa: la Spider del 1966.');
    await dialog.getByRole('combobox', { name: t.sharing.dialog.language }).selectOption('fr');
    await dialog.getByLabel(t.sharing.dialog.disclaimer).fill('Usage éditorial uniquement.');
    const password = dialog.getByLabel(new RegExp(`^${t.sharing.dialog.password}\\W*$`));
    await password.fill(WEAK);
    const rules = dialog.getByRole('list', { name: t.sharing.dialog.passwordRules });
    await expect(rules.locator('[data-met="false"]')).toHaveCount(3);
    // A weak password is refused by the server, in words.
    await dialog.getByRole('button', { name: t.sharing.dialog.submit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t.sharing.errors.SHARE_WEAK_PASSWORD);
    await password.fill(STRONG);
    await expect(rules.locator('[data-met="false"]')).toHaveCount(0);
    await keepScreenshot(page, 'external-share-step2-en');
    await dialog.getByRole('button', { name: t.sharing.dialog.submit }).click();

    // Step 3: the job's progress, then the recipient's link.
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible();
    await expect(dialog.getByText(t.sharing.dialog.sent_one.replace('{{count}}', '1'))).toBeVisible({
      timeout: 30_000,
    });
    await keepScreenshot(page, 'external-share-step3-en');

    // The mail, in the recipient's language (French), with the link and never the password.
    const mail = await sink.waitFor(RECIPIENT);
    expect(mail.subject).toBe(`Mario Rossi a partagé avec vous : ${shareName}`);
    expect(mail.text).toContain(SHARE_TEXTS.fr.mailPassword);
    expect(mail.raw).not.toContain(STRONG);
    const url = /https?:\/\/\S+\/provider\/share\/\S+/.exec(mail.text)?.[0];
    expect(url).toBeTruthy();
    await expect(dialog.getByRole('textbox', { name: `Link of ${RECIPIENT}` })).toHaveValue(url as string);
    await dialog.getByRole('button', { name: t.sharing.dialog.close }).click();

    // The recipient, in a browser of their own: a wrong password first.
    const recipient = await browser.newContext({ acceptDownloads: true });
    const visitor = await recipient.newPage();
    await visitor.goto(url as string);
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'fr');
    await visitor.getByLabel(SHARE_TEXTS.fr.passwordLabel).fill('Wrong-password-1966!');
    await visitor.getByRole('button', { name: SHARE_TEXTS.fr.open }).click();
    await expect(visitor.getByRole('alert')).toHaveText(SHARE_TEXTS.fr.wrongPassword);
    await visitor.getByLabel(SHARE_TEXTS.fr.passwordLabel).fill(STRONG);
    await visitor.getByRole('button', { name: SHARE_TEXTS.fr.open }).click();
    await expect(visitor.locator('li.card')).toHaveCount(3);
    for (const file of files)
      await expect(visitor.locator('li.card').getByText(file.replace(/\.\w+$/, ''))).toBeVisible();
    await expect(visitor.getByText('Per la stampa: la Spider del 1966.')).toBeVisible();
    await expect(visitor.getByText('Usage éditorial uniquement.')).toBeVisible();

    // The video plays.
    const video = visitor.locator('video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    await keepScreenshot(visitor, 'external-share-recipient-fr');

    // The ZIP holds the three.
    const downloading = visitor.waitForEvent('download');
    await visitor.getByRole('link', { name: SHARE_TEXTS.fr.downloadAll }).click();
    const download = await downloading;
    const dir = await mkdtemp(join(tmpdir(), 'paddock-e2e-share-zip-'));
    try {
      await download.saveAs(join(dir, 'share.zip'));
      const { stdout } = await run('unzip', ['-Z1', join(dir, 'share.zip')]);
      const entries = files.map((file) => file.replace(/\.(\w+)$/, '_original.$1'));
      expect(stdout.trim().split('\n').sort()).toEqual(entries.sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Mario sees it in the panel, opened and downloaded, and revokes it.
    await page.getByRole('button', { name: t.sharing.panel.title }).click();
    const card = page.getByTestId('share-card').filter({ hasText: shareName });
    await expect(card.getByTestId('share-state')).toHaveText(t.sharing.states.active);
    await expect(card.getByText(RECIPIENT, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: t.sharing.panel.accessLog }).click();
    await expect(card.getByRole('table', { name: t.sharing.panel.accessLog })).toContainText(
      t.sharing.events.zip,
    );
    await keepScreenshot(page, 'external-share-panel-en');
    await card.getByRole('button', { name: t.sharing.panel.revoke }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.sharing.panel.revokeConfirm }).click();
    await expect(card.getByTestId('share-state')).toHaveText(t.sharing.states.revoked);

    // The recipient's next request is refused.
    const next = await visitor.reload();
    expect(next?.status()).toBe(404);
    await expect(visitor.getByText(SHARE_TEXTS.fr.revoked)).toBeVisible();
    await recipient.close();
  });

  for (const lang of ['it', 'en', 'fr'] as const) {
    test(`the dialog's three steps with a generated password, and the recipient page in ${lang}: lightbox, sizes, local times, revoked`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      expect(folderId).toBeTruthy();
      const t = TEXTS[lang];
      const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
      const page = await context.newPage();
      await signIn(page, 'mario.rossi', lang);
      await selectTheThree(page, lang);
      await chooseFromMoreMenu(page, t.sharing.action, lang);
      const dialog = shareDialog(page, lang);
      await expect(dialog.getByText(t.sharing.types.link, { exact: true })).toBeVisible();
      await keepScreenshot(page, `external-share-step1-${lang}`);
      await dialog.getByRole('button', { name: t.sharing.dialog.next }).click();
      const shareName = `${prefix} ${lang}`;
      await dialog.getByLabel(t.sharing.dialog.name).fill(shareName);
      await dialog.getByLabel(t.sharing.dialog.message).fill('Spider 1966 - press kit.');
      // Generate: a password the rule accepts, shown so it can be read out, then copied.
      await dialog.getByRole('button', { name: t.sharing.dialog.generatePassword }).click();
      const field = dialog.getByLabel(new RegExp(`^${t.sharing.dialog.password}\\W*$`));
      await expect(field).toHaveAttribute('type', 'text');
      const password = await field.inputValue();
      expect(password).toHaveLength(20);
      const rules = dialog.getByRole('list', { name: t.sharing.dialog.passwordRules });
      await expect(rules.locator('[data-met="false"]')).toHaveCount(0);
      await dialog.getByRole('button', { name: t.sharing.dialog.copyPassword }).click();
      await expect(dialog.getByRole('button', { name: t.sharing.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
      await expect(dialog.getByTestId('share-preview-thumb')).toHaveCount(3);
      await keepScreenshot(page, `external-share-step2-${lang}`);
      await dialog.getByRole('button', { name: t.sharing.dialog.submit }).click();
      const link = dialog.getByRole('textbox', { name: t.sharing.dialog.link });
      await expect(link).toHaveValue(/\/provider\/share\//, { timeout: 30_000 });
      await keepScreenshot(page, `external-share-step3-${lang}`);
      const url = await link.inputValue();

      // The share is in the interface's language by default: so is its page.
      const texts = SHARE_TEXTS[lang];
      const recipient = await openAsRecipient(browser, url, lang, password);
      const visitor = recipient.page;
      await expect(visitor.getByText('Spider 1966 - press kit.')).toBeVisible();
      // The expiry in the reader's own time zone (Rome), not UTC.
      const expiry = visitor.locator('.meta time');
      await expect(expiry).not.toHaveText(/ UTC$/);
      await expect(expiry).toContainText(
        /\d{2}\/\d{2}\/\d{4}.*\d{2}:\d{2}.*(CET|CEST|GMT\+[12]|UTC\+[12]|HNEC|HAEC|UTC\+0?[12])/,
      );
      // Each photo tells its format, pixel size and weight.
      const front = visitor.locator('li.card').filter({ hasText: files[0].replace(/\.\w+$/, '') });
      await expect(front.locator('.facts')).toHaveText(
        lang === 'fr' ? /^JPG · 1200 × 800 · [\d,]+ Ko$/ : /^JPG · 1200 × 800 · [\d.,]+ KB$/,
      );
      await keepScreenshot(visitor, `external-share-recipient-${lang}`);
      // The lightbox shows it full size, through the share's own rendition route, and closes.
      // The recipient page names an asset as its card does: here, its file name.
      const name = (await front.locator('.name').textContent()) ?? '';
      await front.getByRole('link', { name: texts.view.replace('{name}', name), exact: true }).click();
      const lightbox = visitor.getByRole('dialog', { name, exact: true });
      await expect(lightbox).toBeVisible();
      await expect(lightbox.locator('img')).toHaveJSProperty('complete', true);
      expect(
        await lightbox.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await keepScreenshot(visitor, `external-share-lightbox-${lang}`);
      await lightbox.getByRole('link', { name: texts.close }).click();
      await expect(lightbox).toBeHidden();

      // Mario revokes it: the recipient is told so and whom to write to.
      const list = await page.request.get('/api/external-shares');
      const { items } = (await list.json()) as { items: { id: string; name: string }[] };
      const shareId = items.find((item) => item.name === shareName)?.id;
      const revoked = await page.request.post(`/api/external-shares/${shareId}/revoke`, {
        headers: { 'x-csrf-token': await csrfToken(page) },
      });
      expect(revoked.status()).toBe(204);
      const gone = await visitor.reload();
      expect(gone?.status()).toBe(404);
      await expect(visitor.getByRole('alert')).toContainText(texts.revoked);
      await expect(visitor.getByRole('alert')).toContainText(
        texts.askSender.replace('{name}', 'Mario Rossi'),
      );
      await expect(visitor.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
      await keepScreenshot(visitor, `external-share-revoked-${lang}`);
      await recipient.context.close();
      await context.close();
    });
  }
});
