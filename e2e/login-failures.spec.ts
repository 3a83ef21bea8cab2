import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, TEXTS, fillLogin, keepScreenshot } from './support';

const errors = TEXTS.en.auth.errors;

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(TEXTS.it.language.label).selectOption('en');
});

test('a wrong password shows the wrong-credentials message', async ({ page }) => {
  await fillLogin(page, 'mario.rossi', 'not-the-password', 'en');
  await expect(page.getByRole('alert')).toHaveText(errors.wrongCredentials);
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown user gets the same message as a wrong password', async ({ page }) => {
  await fillLogin(page, 'nobody.here', DEMO_PASSWORD, 'en');
  await expect(page.getByRole('alert')).toHaveText(errors.wrongCredentials);
});

test('an expired password says to contact the administrator', async ({ page }) => {
  await fillLogin(page, 'vera.scaduta', DEMO_PASSWORD, 'en');
  await expect(page.getByRole('alert')).toHaveText(errors.passwordExpired);
  await keepScreenshot(page, 'login-password-expired-en');
});

test('a disabled account is not enabled for access', async ({ page }) => {
  await fillLogin(page, 'dario.sospeso', DEMO_PASSWORD, 'en');
  await expect(page.getByRole('alert')).toHaveText(errors.accountDisabled);
});
