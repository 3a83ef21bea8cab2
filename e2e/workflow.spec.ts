import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import {
  DERIVATIVES,
  TEXTS,
  as,
  jpeg,
  keepScreenshot,
  openFolderByCode as openFolder,
  openListedAsset as openAsset,
} from './support';

const t = TEXTS.en;
const wf = t.workflow;

function actionButton(page: Page, label: string) {
  return page
    .getByRole('toolbar', { name: wf.buttons.label })
    .getByRole('button', { name: label, exact: true });
}

/** Confirms the question and waits for the job's completion to close the modal. */
async function confirmAndWait(page: Page, title: string, confirm: string, name: string) {
  const question = page.getByRole('alertdialog', { name: title });
  await question.getByRole('button', { name: confirm, exact: true }).click();
  await expect(page.getByRole('dialog', { name })).toBeHidden({ timeout: 30_000 });
}

async function pickFolder(page: Page, title: string, path: string[], name: string) {
  const picker = page.getByRole('dialog', { name: title });
  const tree = picker.getByRole('tree');
  // Folders on the way are opened from the keyboard: those without write are not selectable.
  for (const folder of path.slice(0, -1))
    await tree.getByRole('treeitem', { name: folder, exact: true }).press('ArrowRight');
  await tree.getByRole('treeitem', { name: path[path.length - 1], exact: true }).click();
  await picker.getByRole('button', { name: wf.picker.confirm }).click();
  await expect(page.getByRole('dialog', { name })).toBeHidden({ timeout: 30_000 });
}

test('a delivery goes through both approval steps, a rejection with a drawing, junk, restore and permanent delete', async ({
  browser,
}) => {
  test.setTimeout(300_000 + DERIVATIVES.timeout);
  const name = `e2e-workflow-${Date.now()}.jpg`;

  // The supplier delivers into "sent to the maker": it enters approval step 1.
  await as(browser, 'foto.studio', async (page) => {
    await openFolder(page, 'lvrr02-marketing');
    await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Upload to / });
    await dialog.getByLabel(t.uploads.choose).setInputFiles(await jpeg(name, '#e8b04a'));
    await expect(dialog.getByText(t.uploads.status.done, { exact: true })).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: t.uploads.close }).first().click();
    await expect(page.getByRole('option', { name })).toBeVisible();
  });

  // Step 1 accepts.
  await as(browser, 'anna.bianchi', async (page) => {
    await openFolder(page, 'appstp1-marketing');
    await openAsset(page, name);
    await expect(actionButton(page, wf.buttons.reject)).toBeVisible();
    await actionButton(page, wf.buttons.accept).click();
    await keepScreenshot(page, 'workflow-1-accept-confirmation');
    await confirmAndWait(page, wf.accept.title, wf.accept.confirm, name);
  });

  // Step 2 rejects with a note and a drawing over the preview.
  await as(browser, 'luca.conti', async (page) => {
    await openFolder(page, 'appstp2-marketing');
    await openAsset(page, name);
    await actionButton(page, wf.buttons.reject).click();
    const surface = page.getByTestId('drawing-surface');
    const box = (await surface.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1)
      await page.mouse.move(box.x + box.width * (0.3 + i * 0.04), box.y + box.height * (0.3 + i * 0.03));
    await page.mouse.up();
    await page.getByRole('radio', { name: wf.drawing.color.blue }).click();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6, { steps: 8 });
    await page.mouse.up();
    await expect(surface.locator('polyline')).toHaveCount(2);
    await page.getByRole('textbox', { name: wf.reject.note }).fill('The logo is cut off on the right');
    await keepScreenshot(page, 'workflow-2-reject-panel');
    await page.getByRole('button', { name: wf.reject.confirm }).click();
    await expect(page.getByRole('dialog', { name })).toBeHidden({ timeout: 30_000 });
  });

  // The supplier sees the refusal with the note and the drawing, and sends a new version.
  await as(browser, 'foto.studio', async (page) => {
    await openFolder(page, 'lvrr02-marketing');
    const detail = await openAsset(page, name);
    await expect(detail.getByTestId('rejection-note')).toHaveText('The logo is cut off on the right');
    await expect(detail.getByText(wf.info.rejected, { exact: true })).toBeVisible();
    await expect(detail.getByTestId('drawing-view').locator('polyline')).toHaveCount(2);
    await keepScreenshot(page, 'workflow-3-supplier-sees-rejection');
    await detail.getByLabel(wf.version.choose).setInputFiles(await jpeg(name, '#4ab0e8'));
    // The outcome, not the upload's own message: the new version re-enters step 1 at once, and there
    // the supplier may no longer update the file, so the upload control (and its message) can leave.
    await expect(detail.getByText(/^Version$/).locator('..')).toContainText('2', { timeout: 30_000 });
  });

  // Back at step 1 (the new version re-entered the workflow): both steps accept, the last one
  // choosing the enrichment folder. Version 2 opens clean, the rejection of version 1 beside it
  // with its note and its drawing, small (issue 23).
  await as(browser, 'anna.bianchi', async (page) => {
    await openFolder(page, 'appstp1-marketing');
    const detail = await openAsset(page, name);
    await expect(detail.getByTestId('preview-box').getByTestId('drawing-view')).toHaveCount(0);
    const earlier = detail.getByRole('group', {
      name: wf.info.rejectedOnVersion.replace('{{version}}', '1'),
    });
    await expect(earlier.getByTestId('rejection-note')).toHaveText('The logo is cut off on the right');
    const small = earlier.getByRole('img', { name: wf.drawing.earlier.replace('{{version}}', '1') });
    await expect(small.locator('polyline')).toHaveCount(2);
    await expect(detail.getByRole('checkbox', { name: wf.drawing.show })).toHaveCount(0);
    // Its corrections are to be checked before it is accepted (issue 27): the two strokes cross, one region.
    const vc = t.versionCompare;
    await expect(detail.getByTestId('carried-rejection')).toContainText(
      vc.summary.toCheck.replace('{{checked}}', '0').replace('{{total}}', '1'),
    );
    await keepScreenshot(page, 'workflow-3b-new-version-with-earlier-rejection');
    // Accept first leads to the comparison: version 1 with its drawing beside version 2.
    await actionButton(page, wf.buttons.accept).click();
    const compare = page.getByRole('dialog', { name: vc.title });
    const earlierPane = compare.getByTestId('compare-pane-earlier');
    const currentPane = compare.getByTestId('compare-pane-current');
    await expect(
      earlierPane.getByRole('img', { name: vc.image.replace('{{version}}', '1') }),
    ).toHaveAttribute('src', /\/preview\?version=1$/);
    await expect(earlierPane.getByTestId('drawing-view').locator('polyline')).toHaveCount(2);
    await expect(currentPane.getByRole('img', { name: vc.image.replace('{{version}}', '2') })).toBeVisible();
    const accept = compare.getByRole('button', { name: vc.accept, exact: true });
    await expect(accept).toBeDisabled();
    // Zoom and pan move both versions together.
    await compare.getByRole('button', { name: vc.zoom.in }).click();
    await compare.getByRole('button', { name: vc.zoom.in }).click();
    const scales = () =>
      compare.getByTestId('compare-stage').evaluateAll((els) => els.map((e) => e.dataset.scale));
    await expect.poll(scales).toEqual(['2', '2']);
    const paneBox = (await currentPane.boundingBox())!;
    await page.mouse.move(paneBox.x + paneBox.width / 2, paneBox.y + paneBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(paneBox.x + paneBox.width / 2 - 80, paneBox.y + paneBox.height / 2 - 40, {
      steps: 5,
    });
    await page.mouse.up();
    const offsets = () =>
      compare
        .getByTestId('compare-stage')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).style.transform));
    const [left, right] = await offsets();
    expect(left).toBe(right);
    expect(left).not.toBe('');
    await keepScreenshot(page, 'workflow-3c-compare-side-by-side');
    // The region is checked; "fixed" lets the version through.
    const region = compare.getByRole('listitem', { name: vc.checklist.region.replace('{{number}}', '1') });
    await region.getByRole('button', { name: vc.checklist.marks.fixed, exact: true }).click();
    await expect(region.getByRole('button', { name: vc.checklist.marks.fixed, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(accept).toBeEnabled();
    await expect(region).toContainText('Anna Bianchi');
    await compare.getByRole('button', { name: vc.mode.overlay }).click();
    await expect(compare.getByTestId('compare-pane-overlay')).toBeVisible();
    await expect(compare.getByText(vc.opacity)).toBeVisible();
    await keepScreenshot(page, 'workflow-3d-compare-overlay');
    await accept.click();
    await confirmAndWait(page, wf.accept.title, wf.accept.confirm, name);
  });
  await as(browser, 'luca.conti', async (page) => {
    await openFolder(page, 'appstp2-marketing');
    await openAsset(page, name);
    await actionButton(page, wf.buttons.accept).click();
    await expect(page.getByRole('dialog', { name: wf.accept.enrichmentTitle })).toBeVisible();
    await keepScreenshot(page, 'workflow-4-enrichment-picker');
    await pickFolder(page, wf.accept.enrichmentTitle, ['Enrichment'], name);
  });

  // It is in the enrichment folder; the user deletes it to the junk.
  await as(browser, 'mario.rossi', async (page) => {
    await openFolder(page, 'arrc03-marketing');
    const detail = await openAsset(page, name);
    await expect(detail.getByTestId('rejection-note')).toHaveCount(0);
    await actionButton(page, wf.buttons.delete).click();
    await confirmAndWait(page, wf.delete.title, wf.delete.confirm, name);
    await expect(page.getByRole('option', { name })).toHaveCount(0);
  });

  // The administrator restores it from the junk into the enrichment folder.
  await as(browser, 'admin', async (page) => {
    await openFolder(page, 'junk-marketing');
    const detail = await openAsset(page, name);
    // The deletion date (dataeliminazione) as dd/MM/yyyy: today.
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    await expect(detail.getByText(wf.info.deletedAt).locator('xpath=following-sibling::*[1]')).toHaveText(
      today,
    );
    await keepScreenshot(page, 'workflow-5-in-junk');
    await actionButton(page, wf.buttons.restore).click();
    // The way back is offered first; another folder is the second way.
    await page
      .getByRole('alertdialog', { name: wf.restore.title })
      .getByRole('button', { name: wf.restore.choose })
      .click();
    await pickFolder(page, wf.restore.title, ['Marketing', 'Enrichment'], name);
  });

  // Deleted again, then deleted for good from the junk.
  await as(browser, 'mario.rossi', async (page) => {
    await openFolder(page, 'arrc03-marketing');
    await openAsset(page, name);
    await actionButton(page, wf.buttons.delete).click();
    await confirmAndWait(page, wf.delete.title, wf.delete.confirm, name);
  });
  await as(browser, 'admin', async (page) => {
    await openFolder(page, 'junk-marketing');
    const detail = await openAsset(page, name);
    const id = new URL(page.url()).searchParams.get('asset');
    await actionButton(page, wf.buttons.permanentDelete).click();
    await keepScreenshot(page, 'workflow-6-permanent-delete');
    await confirmAndWait(page, wf.permanentDelete.title, wf.permanentDelete.confirm, name);
    await expect(detail).toBeHidden();
    await expect(page.getByRole('option', { name })).toHaveCount(0);
    // The modal closes once the job is queued; the asset is gone when the job has run.
    await expect.poll(async () => (await page.request.get(`/api/assets/${id}`)).status()).toBe(404);
  });
});
