import { expect } from '@playwright/test';
import { test } from './portal';
import { signInWithForm } from './support';

/** SPEC §2 "Default view at start by role", for every demo account (README). */
const LANDINGS: [username: string, view: string][] = [
  ['mario.rossi', 'archives'],
  ['anna.bianchi', 'approver'],
  ['luca.conti', 'approver'],
  ['foto.studio', 'supplierSent'],
  ['paola.neri', 'approver'],
  ['giulia.basic', 'archives'],
  ['admin', 'archives'],
  ['marco.multi', 'archives'],
  ['sara.branch', 'archives'],
];

for (const [username, view] of LANDINGS)
  test(`${username} signs in and lands on ${view}`, async ({ page }) => {
    await signInWithForm(page, username);
    await expect(page.getByTestId('default-view')).toHaveAttribute('data-view', view);
  });

test('the department shown for a multi-department user comes from the company name', async ({ page }) => {
  await signInWithForm(page, 'marco.multi');
  await expect(page.getByText(/HERITAGE/)).toBeVisible();
});

test('signing out returns to login and the session is gone', async ({ page }) => {
  await signInWithForm(page, 'mario.rossi');
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor who is not signed in is sent to login from any route', async ({ page }) => {
  for (const path of ['/', '/home', '/product', '/copyright', '/tag', '/summary', '/manage']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});
