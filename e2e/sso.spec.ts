import { expect } from '@playwright/test';
import { test } from './portal';
import { TEXTS, acceptDisclaimerIfAsked, keepScreenshot } from './support';

// The issuer started by scripts/e2e-server.mjs knows these accounts; only the first matches a
// Paddock user (mario.rossi@paddock.example).
const SSO_PASSWORD = 'sso-demo-password';

async function signOnInPopup(page: import('@playwright/test').Page, login: string) {
  await page.goto('/login');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: TEXTS.it.auth.login.sso }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.getByLabel('Login').fill(login);
  await popup.getByLabel('Password').fill(SSO_PASSWORD);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  return popup;
}

test('single sign-on in a popup signs the user in and goes home', async ({ page }) => {
  const popup = await signOnInPopup(page, 'mario.rossi@paddock.example');
  // The popup may close before a 'close' listener could be attached (the exchange is quick), so
  // ask whether it is closed rather than wait for the event.
  await expect.poll(() => popup.isClosed()).toBe(true);
  // Home, where the default view may already have put its first folder in the address.
  await expect(page).toHaveURL(/\/home(\?.*)?$/);
  await acceptDisclaimerIfAsked(page);
  await expect(page.getByTestId('default-view')).toHaveAttribute('data-view', 'archives');
  await expect(page.getByText('Mario Rossi')).toBeVisible();
});

test('single sign-on as someone Paddock does not know shows the authentication error', async ({ page }) => {
  const popup = await signOnInPopup(page, 'stranger@elsewhere.example');
  await expect(popup.getByRole('alert')).toHaveText(TEXTS.it.auth.sso.failed);
  await keepScreenshot(popup, 'sso-popup-failed-it');
  await expect(page.getByRole('alert')).toHaveText(TEXTS.it.auth.errors.sso);
  await expect(page).toHaveURL(/\/login$/);
  await keepScreenshot(page, 'sso-failed-login-it');
});
