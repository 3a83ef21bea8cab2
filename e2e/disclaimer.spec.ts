import { expect } from '@playwright/test';
import { test } from './portal';
import { DEMO_PASSWORD, fillLogin, keepScreenshot, requiredDisclaimer } from './support';

// paola.neri signs in only here (each run starts from a fresh database), so her acceptance is
// not yet recorded when this journey starts.
test('the disclaimer gates every navigation until accepted, and the acceptance lasts', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'paola.neri', DEMO_PASSWORD);
  const dialog = requiredDisclaimer(page);
  await expect(dialog).toBeVisible();
  await keepScreenshot(page, 'disclaimer-required-it');
  await expect(page.getByTestId('default-view')).toHaveCount(0);

  // Closing it instead of accepting signs the user out.
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);

  // Still required at the next sign-in; Escape does not dismiss it and no route shows behind it.
  await fillLogin(page, 'paola.neri', DEMO_PASSWORD);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  for (const path of ['/tag', '/product', '/home']) {
    await page.goto(path);
    await expect(requiredDisclaimer(page)).toBeVisible();
    await expect(page.getByTestId('default-view')).toHaveCount(0);
  }

  await requiredDisclaimer(page).getByRole('button', { name: 'Accetto' }).click();
  await expect(page.getByTestId('default-view')).toBeVisible();

  // A reload keeps it accepted…
  await page.reload();
  await expect(page.getByTestId('default-view')).toBeVisible();
  await expect(requiredDisclaimer(page)).toHaveCount(0);

  // …and so does a new sign-in.
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, 'paola.neri', DEMO_PASSWORD);
  await expect(page.getByTestId('default-view')).toBeVisible();
  await expect(requiredDisclaimer(page)).toHaveCount(0);

  // It can be read again at any time, read-only.
  await page.getByRole('button', { name: 'Note legali' }).click();
  const readOnly = page.getByRole('dialog', { name: /^v1 — / });
  await expect(readOnly).toBeVisible();
  await expect(readOnly.getByRole('button', { name: 'Accetto' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(readOnly).toBeHidden();
});
