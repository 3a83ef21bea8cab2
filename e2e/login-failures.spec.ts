import { expect } from '@playwright/test';
import { test } from './portal';
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

test('after five failures a name waits, told how long, while another name signs in from the same browser', async ({
  page,
}) => {
  // A name of its own: the throttle counts per name and address, and no other test uses it.
  const stranger = `stranger.${Date.now()}`;
  const attempt = async (username: string, password: string) => {
    const answered = page.waitForResponse(
      (res) => res.url().endsWith('/api/session') && res.request().method() === 'POST',
    );
    await fillLogin(page, username, password, 'en');
    return (await answered).status();
  };
  // LOGIN_MAX_FAILURES (5) failures are answered at once.
  for (let i = 0; i < 5; i++) {
    expect(await attempt(stranger, `guess-${i}`)).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(errors.wrongCredentials);
  }
  expect(await attempt(stranger, DEMO_PASSWORD)).toBe(429);
  // The text up to the wait, which the browser words ("in 30 seconds").
  const before = errors.tooManyAttemptsSeconds
    .slice(0, errors.tooManyAttemptsSeconds.indexOf('{{'))
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByRole('alert')).toHaveText(new RegExp(`^${before}in \\d+ seconds\\.$`));
  await keepScreenshot(page, 'login-too-many-attempts-en');

  expect(await attempt('mario.rossi', DEMO_PASSWORD)).toBe(200);
  await expect(page).toHaveURL(/\/home/);
});
