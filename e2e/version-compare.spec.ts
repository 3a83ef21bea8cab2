import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import {
  TEXTS,
  as,
  completedJob,
  derivedListing,
  folderByCode,
  itemName,
  jpeg,
  keepScreenshot,
  openFolderByCode,
  uploadFiles,
  type Lang,
} from './support';

/** Two corrections far apart: a ring round the badge, top left; a stroke across the wheel, bottom right. */
const CANVAS = JSON.stringify({
  version: 1,
  strokes: [
    {
      color: '#e11d48',
      width: 0.006,
      points: [
        [0.12, 0.12],
        [0.3, 0.12],
        [0.3, 0.3],
        [0.12, 0.3],
        [0.12, 0.12],
      ],
    },
    {
      color: '#2563eb',
      width: 0.006,
      points: [
        [0.65, 0.7],
        [0.9, 0.9],
      ],
    },
  ],
});

/** Opens the named asset from a folder once it is listed there with its renditions. */
async function openIn(page: Page, folderCode: string, name: string, lang: Lang) {
  const folder = await folderByCode(page, folderCode);
  await derivedListing(page.request, folder.id, name, lang);
  await openFolderByCode(page, folderCode);
  await page.getByRole('option', { name }).dblclick();
  return page.getByRole('dialog', { name });
}

test('the approver compares version 2 with the rejected version 1, ticks one correction and rejects again with the other (issue 27, it; the supplier in fr)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `e2e-compare-${Date.now()}.jpg`;

  // A delivery reaches step 1; Anna rejects it with a note and a drawing of two corrections.
  await as(browser, 'foto.studio', async (page) => {
    await openFolderByCode(page, 'lvrr02-marketing');
    await uploadFiles(page, [await jpeg(name, '#e8b04a')], { timeout: 60_000 });
  });
  await as(browser, 'anna.bianchi', async (page) => {
    const step1 = await folderByCode(page, 'appstp1-marketing');
    const [asset] = (await derivedListing(page.request, step1.id, name)).filter((a) => itemName(a) === name);
    await completedJob(page, '/api/workflow/reject', {
      contentIds: [asset!.id],
      folderId: step1.id,
      note: 'Badge storto e cerchione graffiato',
      canvas: CANVAS,
    });
  });

  // The supplier sends version 2, then sees the rejection it answers beside it, read-only.
  await as(
    browser,
    'foto.studio',
    async (page) => {
      const t = TEXTS.fr;
      const detail = await openIn(page, 'lvrr02-marketing', name, 'fr');
      await detail.getByLabel(t.workflow.version.choose).setInputFiles(await jpeg(name, '#4ab0e8'));
      const summary = detail.getByTestId('carried-rejection');
      await expect(summary).toContainText(t.versionCompare.summary.title.replace('{{version}}', '1'), {
        timeout: 30_000,
      });
      await summary.getByRole('button', { name: t.versionCompare.open }).click();
      const compare = page.getByRole('dialog', { name: t.versionCompare.title });
      await expect(compare.getByTestId('rejection-note')).toHaveText('Badge storto e cerchione graffiato');
      await expect(
        compare.getByTestId('compare-pane-earlier').getByTestId('drawing-view').locator('polyline'),
      ).toHaveCount(2);
      // Not theirs to tick, nor to accept.
      const fixed = compare.getByRole('button', {
        name: t.versionCompare.checklist.marks.fixed,
        exact: true,
      });
      await expect(fixed).toHaveCount(2);
      for (const button of await fixed.all()) await expect(button).toBeDisabled();
      await expect(compare.getByRole('button', { name: t.versionCompare.accept, exact: true })).toHaveCount(
        0,
      );
      await keepScreenshot(page, 'compare-1-supplier-read-only-fr');
    },
    { lang: 'fr' },
  );

  // Anna compares: the badge is fixed, the wheel is not; she rejects again from the comparison.
  await as(
    browser,
    'anna.bianchi',
    async (page) => {
      const t = TEXTS.it;
      const vc = t.versionCompare;
      const detail = await openIn(page, 'appstp1-marketing', name, 'it');
      await expect(detail.getByTestId('carried-rejection')).toContainText(
        vc.summary.toCheck.replace('{{checked}}', '0').replace('{{total}}', '2'),
      );
      await detail.getByRole('button', { name: vc.open }).click();
      const compare = page.getByRole('dialog', { name: vc.title });
      await expect(
        compare
          .getByTestId('compare-pane-current')
          .getByRole('img', { name: vc.image.replace('{{version}}', '2') }),
      ).toBeVisible();
      // Showing region 2 zooms both versions onto the wheel.
      await compare.getByRole('button', { name: vc.checklist.show.replace('{{number}}', '2') }).click();
      const scales = () =>
        compare
          .getByTestId('compare-stage')
          .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.scale)));
      await expect.poll(async () => (await scales())[0]).toBeGreaterThan(1);
      const [left, right] = await scales();
      expect(left).toBe(right);
      const region = (n: number) =>
        compare.getByRole('listitem', { name: vc.checklist.region.replace('{{number}}', String(n)) });
      await region(1).getByRole('button', { name: vc.checklist.marks.fixed, exact: true }).click();
      await region(2).getByRole('button', { name: vc.checklist.marks.notFixed, exact: true }).click();
      await expect(
        region(2).getByRole('button', { name: vc.checklist.marks.notFixed, exact: true }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(compare.getByRole('button', { name: vc.accept, exact: true })).toBeDisabled();
      await expect(compare).toContainText(vc.checklist.notFixed_one.replace('{{regions}}', '2'));
      await keepScreenshot(page, 'compare-2-approver-checklist-it');

      // The new rejection starts from what is still wrong: the wheel's stroke alone.
      await compare.getByRole('button', { name: vc.rejectAgain }).click();
      await expect(compare).toBeHidden();
      await expect(detail.getByTestId('drawing-surface').locator('polyline')).toHaveCount(1);
      await detail
        .getByRole('textbox', { name: t.workflow.reject.note })
        .fill('Il cerchione è ancora graffiato');
      await keepScreenshot(page, 'compare-3-reject-again-it');
      await detail.getByRole('button', { name: t.workflow.reject.confirm }).click();
      await expect(detail).toBeHidden({ timeout: 30_000 });
    },
    { lang: 'it' },
  );

  // The rejection of version 2 carries the one stroke, stamped with version 2.
  await as(browser, 'anna.bianchi', async (page) => {
    const rejected = await folderByCode(page, 'rftt00-marketing');
    const [asset] = (await derivedListing(page.request, rejected.id, name)).filter(
      (a) => itemName(a) === name,
    );
    const seen = (await (await page.request.get(`/api/assets/${asset!.id}`)).json()) as {
      workflow: { canvas: string; note: string; rejected: boolean };
      checklist: unknown;
    };
    expect(seen.workflow).toMatchObject({ rejected: true, note: 'Il cerchione è ancora graffiato' });
    expect(JSON.parse(seen.workflow.canvas)).toMatchObject({
      contentVersion: 2,
      strokes: [{ color: '#2563eb' }],
    });
    expect(seen.checklist).toBeNull();
  });
});
