import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import type { FolderTreeResponse, FolderNode } from '@paddock/rules';
import sharp from 'sharp';
import { chooseFromMoreMenu, inFreshBrowser, keepScreenshot, signIn, TEXTS, type Lang } from './support';

/** A small real PNG made here, one colour per asset. */
async function photo(name: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${colour}"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

function find(nodes: readonly FolderNode[], prettyId: string): FolderNode | undefined {
  for (const node of nodes) {
    if (node.prettyId === prettyId) return node;
    const below = find(node.children ?? [], prettyId);
    if (below) return below;
  }
  return undefined;
}

/** Opens Marketing's department archive by its address, whatever the language names it. */
async function openArchive(page: Page, lang: Lang): Promise<FolderNode> {
  const tree = (await (
    await page.request.get(`/api/folders/tree?lang=${lang}`)
  ).json()) as FolderTreeResponse;
  const archive = find(tree.roots, 'arch04-marketing');
  expect(archive).toBeTruthy();
  await page.goto(`/home?view=archives&folder=${encodeURIComponent(archive!.id)}`);
  await expect(page.getByRole('treeitem', { name: archive!.name, selected: true })).toBeVisible();
  return archive!;
}

for (const lang of ['it', 'en', 'fr'] as Lang[]) {
  test(`internal share into the internally shared folder, refused a second time, and publishing (${lang})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    const prefix = `e2e-ishare-${lang}-${Date.now()}`;
    await signIn(page, 'mario.rossi', lang);
    const archive = await openArchive(page, lang);

    await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
    const upload = page.getByRole('dialog');
    await upload
      .getByLabel(t.uploads.choose)
      .setInputFiles([await photo(`${prefix}-a.png`, '#2a5d3c'), await photo(`${prefix}-b.png`, '#8a2c2c')]);
    await expect(upload.getByText(t.uploads.status.done, { exact: true })).toHaveCount(2, {
      timeout: 30_000,
    });
    await upload.getByRole('button', { name: t.uploads.close }).first().click();

    await page.getByRole('searchbox', { name: t.assets.search.label }).fill(prefix);
    await page.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
    await page.getByRole('option', { name: `${prefix}-a.png` }).click();
    await page.getByRole('option', { name: `${prefix}-b.png` }).click({ modifiers: ['ControlOrMeta'] });

    const dialogName = t.internalShare.title_other.replace('{{count}}', '2');
    const shareInto = async () => {
      await chooseFromMoreMenu(page, t.internalShare.action, lang);
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByText(/(Condivisi internamente|Internally shared|Partagés en interne)$/).click();
      return dialog;
    };

    const dialog = await shareInto();
    await keepScreenshot(page, `internal-share-dialog-${lang}`);
    await dialog.getByRole('button', { name: t.internalShare.submit, exact: true }).click();
    // The job's progress shows in the dialog until it ends, then the notice counts the assets.
    await expect(page.getByText(t.internalShare.notice_other.replace('{{count}}', '2'))).toBeVisible({
      timeout: 30_000,
    });
    await expect(dialog).toBeHidden();
    await keepScreenshot(page, `internal-share-notice-${lang}`);

    const again = await shareInto();
    await again.getByRole('button', { name: t.internalShare.submit, exact: true }).click();
    const failure = page.getByRole('alertdialog', { name: t.internalShare.failure.title });
    await expect(failure).toBeVisible();
    await expect(
      failure.getByText(t.internalShare.failure.message_other.replace('{{count}}', '2')),
    ).toBeVisible();
    await keepScreenshot(page, `internal-share-failure-${lang}`);
    await failure.getByRole('button', { name: t.internalShare.failure.ok }).click();
    await expect(failure).toBeHidden();

    // Publishing, asked once more, marks the folder's assets for everyone; unpublishing takes it back.
    const cards = [`${prefix}-a.png`, `${prefix}-b.png`];
    const publishing = async (action: 'publish' | 'unpublish') => {
      await page
        .getByRole('button', { name: t.folderMenu.label.replace('{{folder}}', archive.name) })
        .click();
      await page.getByRole('menuitem', { name: t.internalShare.publishing[action], exact: true }).click();
      const ask = page.getByRole('alertdialog', {
        name: t.internalShare.publishing[`${action}Title`].replace('{{folder}}', archive.name),
      });
      await expect(ask.getByText(t.internalShare.publishing[`${action}Message`])).toBeVisible();
      await keepScreenshot(page, `folder-${action}-confirm-${lang}`);
      await ask.getByRole('button', { name: t.internalShare.publishing[action], exact: true }).click();
      const done = t.internalShare.publishing[`${action}Done_other`].replace('{{count}}', '\\d+');
      await expect(page.getByText(new RegExp(`^${done}$`))).toBeVisible({ timeout: 30_000 });
    };
    /** What another user of the department sees of the two assets in the archive. */
    const seenByAnna = (published: boolean, shot: string) =>
      inFreshBrowser(browser, 'anna.bianchi', lang, async (other) => {
        await openArchive(other, lang);
        await other.getByRole('searchbox', { name: t.assets.search.label }).fill(prefix);
        await other.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
        for (const name of cards) {
          const mark = other.getByRole('option', { name }).getByTestId('published-mark');
          if (published) await expect(mark).toHaveText(t.assets.card.published);
          else await expect(other.getByRole('option', { name })).toBeVisible();
          await expect(mark).toHaveCount(published ? 1 : 0);
        }
        await keepScreenshot(other, shot);
      });

    await seenByAnna(false, `folder-publish-before-${lang}`);
    await publishing('publish');
    for (const name of cards)
      await expect(page.getByRole('option', { name }).getByTestId('published-mark')).toBeVisible();
    await keepScreenshot(page, `folder-publish-notice-${lang}`);
    await seenByAnna(true, `folder-publish-seen-${lang}`);

    await publishing('unpublish');
    for (const name of cards)
      await expect(page.getByRole('option', { name }).getByTestId('published-mark')).toHaveCount(0);
    await seenByAnna(false, `folder-unpublish-seen-${lang}`);
  });
}
