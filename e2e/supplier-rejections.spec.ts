import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import {
  DERIVATIVES,
  LAPTOP_SIZES,
  TEXTS,
  as,
  derivedListing,
  jpeg,
  keepScreenshot,
  openFolderByCode,
  openListedAsset,
  type Lang,
} from './support';

/** "{{count}} x" in both plural forms, any count, as a pattern for an accessible name. */
function plural(one: string, other: string): RegExp {
  const pattern = (text: string) =>
    text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{count\\}\\}', '\\d+');
  return new RegExp(`^(${pattern(one)}|${pattern(other)})$`);
}

/** The supplier's screen at both laptop sizes, kept as screenshots. */
async function atBothSizes(page: Page, name: string) {
  for (const size of LAPTOP_SIZES) {
    await page.setViewportSize(size);
    await keepScreenshot(page, `${name}-${size.width}x${size.height}`);
  }
}

/** The approver rejects the delivery waiting at step 1 with a note, from the detail's reject panel. */
async function rejectAtStepOne(page: Page, name: string, note: string) {
  const t = TEXTS.en;
  await openFolderByCode(page, 'appstp1-marketing');
  const detail = await openListedAsset(page, name);
  await detail
    .getByRole('toolbar', { name: t.workflow.buttons.label })
    .getByRole('button', { name: t.workflow.buttons.reject, exact: true })
    .click();
  await page.getByRole('textbox', { name: t.workflow.reject.note }).fill(note);
  await page.getByRole('button', { name: t.workflow.reject.confirm }).click();
  await expect(detail).toBeHidden({ timeout: 30_000 });
}

for (const [lang, size] of [
  ['it', LAPTOP_SIZES[0]],
  ['en', LAPTOP_SIZES[1]],
  ['fr', LAPTOP_SIZES[0]],
] as [Lang, { width: number; height: number }][]) {
  test(`${lang}: a supplier chooses the department, sees what came back rejected and why, and answers with version 2`, async ({
    browser,
  }) => {
    test.setTimeout(240_000 + DERIVATIVES.timeout);
    const t = TEXTS[lang];
    const name = `e2e-supplier-${lang}-${Date.now()}.jpg`;
    const note = `${lang}: il logo è tagliato a destra`;

    await as(
      browser,
      'foto.studio',
      async (page) => {
        // Working for two departments, the supplier is asked which one: nothing opens by itself.
        const choices = page.getByRole('list', { name: t.supplier.chooseDepartment.label });
        await expect(choices.getByRole('button')).toHaveCount(2);
        expect(new URL(page.url()).searchParams.get('folder')).toBeNull();
        await expect(page.getByRole('banner')).not.toContainText(t.layout.noDepartment);
        const header = page.getByRole('banner');
        await expect(header).toContainText(t.layout.supplierFor.replace('{{departments}}', ''));
        await expect(header).toContainText('Marketing');
        await atBothSizes(page, `supplier-1-choose-department-${lang}`);
        await page.setViewportSize(size);

        await choices.getByRole('button', { name: 'Marketing', exact: true }).click();
        await expect(page.getByText(/^(Results|Risultati|Résultats)\s?: \d+$/)).toBeVisible();
        await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText(
          t.uploads.destination.department.replace('{{department}}', 'Marketing'),
        );
        await dialog.getByLabel(t.uploads.choose).setInputFiles(await jpeg(name, '#e8b04a'));
        await expect(dialog.getByText(t.uploads.status.done, { exact: true })).toBeVisible({
          timeout: 30_000,
        });
        await dialog.getByRole('button', { name: t.uploads.close }).first().click();
      },
      { lang, viewport: size },
    );

    await as(browser, 'anna.bianchi', (page) => rejectAtStepOne(page, name, note));

    await as(
      browser,
      'foto.studio',
      async (page) => {
        // The count on the deliveries view and the notice: what, why, where.
        const rejected = page.getByTestId('rejected-delivery').filter({ hasText: name });
        await expect(rejected).toContainText(note);
        await expect(rejected).toContainText(
          t.supplier.rejections.where.replace('{{department}}', 'Marketing'),
        );
        const listed = await page.getByTestId('rejected-delivery').count();
        const badge = page.getByRole('link', {
          name: plural(t.views.cameBackRejected_one, t.views.cameBackRejected_other),
        });
        await expect(badge).toHaveText(String(listed));
        await atBothSizes(page, `supplier-2-rejection-notice-${lang}`);
        await page.setViewportSize(size);

        await rejected
          .getByRole('button', { name: t.supplier.rejections.open.replace('{{name}}', name) })
          .click();
        const detail = page.getByRole('dialog', { name });
        await expect(detail.getByTestId('rejection-note')).toHaveText(note);
        await derivedListing(page.request, new URL(page.url()).searchParams.get('folder') ?? '', name, lang);
        await detail.getByLabel(t.workflow.version.choose).setInputFiles(await jpeg(name, '#4ab0e8'));

        // Confirmed in words, and version 2 shown at once: its number and a preview of version 2.
        const sent = t.notices.versionSentToApproval.replace('{{version}}', '2').replace('{{name}}', name);
        // By its text: the open detail (a modal) hides the notices' region from the accessibility tree.
        await expect(page.getByText(sent, { exact: true })).toBeVisible({ timeout: 30_000 });
        await expect(
          detail.getByText(t.assetDetail.info.version, { exact: true }).locator('..'),
        ).toContainText('2', { timeout: 5_000 });
        await expect(detail.getByRole('img', { name: t.assetDetail.preview.image })).toHaveAttribute(
          'src',
          /[?&]v=2\b/,
          { timeout: 5_000 },
        );
        await atBothSizes(page, `supplier-3-version-2-sent-${lang}`);

        // Answered: once back at approval it leaves the notice.
        await expect(page.getByTestId('rejected-delivery').filter({ hasText: name })).toHaveCount(0, {
          timeout: 30_000,
        });
      },
      { lang, viewport: size },
    );
  });
}
