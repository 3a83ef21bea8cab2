import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import { TEXTS, asInFolder, keepScreenshot, selectionBar, type Lang } from './support';

const LANGS: Lang[] = ['it', 'en', 'fr'];
/** The smallest desktop the portal is laid out for. */
const SMALL_DESKTOP = { width: 1280, height: 720 };

/** The views with the most actions on a selection: who looks, where, and the buttons they get. */
const VIEWS = [
  {
    view: 'archives',
    username: 'mario.rossi',
    // A subfolder of the department archive: SPEC §6 tags there, not on the archive itself.
    folder: 'campagne-2026-marketing',
    buttons: (t: (typeof TEXTS)[Lang]) => [
      t.enrichment.open,
      t.tagging.bulk.open,
      t.tagging.metadata.open,
      t.downloads.action,
    ],
    menu: (t: (typeof TEXTS)[Lang]) => [t.assets.thumbnails.open, t.sharing.action, t.internalShare.action],
  },
  {
    view: 'approval',
    username: 'anna.bianchi',
    folder: 'appstp1-marketing',
    buttons: (t: (typeof TEXTS)[Lang]) => [t.workflow.buttons.accept, t.workflow.buttons.reject],
    menu: (t: (typeof TEXTS)[Lang]) => [t.assets.thumbnails.open],
  },
] as const;

async function selectTwo(page: Page) {
  // The asset cards: the only listbox on the page (the selects' options are not cards).
  const cards = page.getByRole('listbox').getByRole('option');
  await cards.nth(0).click();
  await cards.nth(1).click({ modifiers: ['ControlOrMeta'] });
}

for (const { view, username, folder, buttons, menu } of VIEWS)
  for (const lang of LANGS)
    test(`the selection bar fits one row at 1280×720 in the ${view} view in ${lang}, rarer actions under More`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const t = TEXTS[lang];
      await asInFolder(
        browser,
        username,
        folder,
        async (page) => {
          await selectTwo(page);
          const bar = selectionBar(page, lang);
          for (const name of buttons(t))
            await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
          await expect(bar.getByRole('button', { name: t.assets.selection.clear })).toBeVisible();
          for (const name of menu(t))
            await expect(bar.getByRole('button', { name, exact: true })).toHaveCount(0);
          // One row, nothing scrolled out of sight (where the labels do not fit, the icons stand in).
          await expect
            .poll(() => bar.evaluate((el) => el.scrollWidth - el.clientWidth))
            .toBeLessThanOrEqual(0);
          const middles = await bar.getByRole('button').evaluateAll((all) =>
            all.map((button) => {
              const { top, height } = button.getBoundingClientRect();
              return Math.round(top + height / 2);
            }),
          );
          expect(new Set(middles).size).toBe(1);
          await keepScreenshot(page, `smart-bar-${view}-${lang}`);

          // The menu opens from the keyboard and lists the rarer actions.
          await bar.getByRole('button', { name: t.assets.selection.more, exact: true }).focus();
          await page.keyboard.press('Enter');
          for (const name of menu(t))
            await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
          await keepScreenshot(page, `smart-bar-${view}-more-${lang}`);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toBeHidden();
        },
        { lang, viewport: SMALL_DESKTOP },
      );
    });
