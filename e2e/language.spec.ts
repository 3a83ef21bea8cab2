import { expect } from '@playwright/test';
import { test } from './portal';
import { TEXTS, keepScreenshot, signInWithForm, type Lang } from './support';

for (const lang of ['it', 'en', 'fr'] as Lang[])
  test(`the portal speaks ${lang.toUpperCase()}`, async ({ page }) => {
    const t = TEXTS[lang];
    await page.goto('/login');
    await page.getByLabel(TEXTS.it.language.label).selectOption(lang);
    await expect(page.getByRole('button', { name: t.auth.login.submit })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await keepScreenshot(page, `login-${lang}`);

    await signInWithForm(page, 'mario.rossi', lang);
    await expect(page.getByRole('heading', { name: t.views.archives, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: t.views.rejected })).toBeVisible();
    // The Archives view opens the department archive by itself.
    await expect(page.getByRole('treeitem', { selected: true })).toBeVisible();
    await expect(page).toHaveURL(/folder=/);
    await expect(page.getByText('v2.0.1')).toBeVisible();
    await keepScreenshot(page, `home-${lang}`);
  });

test('switching language in the header changes the texts at once and is remembered', async ({ page }) => {
  await signInWithForm(page, 'mario.rossi');
  await page.getByLabel(TEXTS.it.language.label).selectOption('fr');
  await expect(page.getByRole('link', { name: TEXTS.fr.views.rejected })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: TEXTS.fr.views.rejected })).toBeVisible();
  await page.getByLabel(TEXTS.fr.language.label).selectOption('it');
  await expect(page.getByRole('link', { name: TEXTS.it.views.rejected })).toBeVisible();
});
