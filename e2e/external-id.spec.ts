import { expect } from '@playwright/test';
import { test } from './portal';
import { signIn } from './support';

test('an externalId in the address is kept in session storage and the browser goes to the root', async ({
  page,
}) => {
  await page.goto('/home?externalId=SF-00042');
  // Not signed in: the root leads to login, and the id is kept for later.
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('externalId'))).toBe('SF-00042');
});

test('a signed-in user following a link with externalId lands on home with the id kept', async ({ page }) => {
  await signIn(page, 'mario.rossi');
  await page.goto('/tag?externalId=EVT-7&other=1');
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => sessionStorage.getItem('externalId'))).toBe('EVT-7');
});
