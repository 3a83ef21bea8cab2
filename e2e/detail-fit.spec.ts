import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './portal';
import sharp from 'sharp';
import {
  as,
  derivedListing,
  DERIVATIVES,
  folderByCode,
  itemName,
  keepScreenshot,
  LAPTOP_SIZES,
  openFolderByCode,
  signIn,
  TEXTS,
  uploadFiles,
  type Lang,
} from './support';

/** Issue 23, point 1: the detail and the reject panel fit their dialog, at both laptop sizes, in IT, EN, FR. */

const SIZES = LAPTOP_SIZES;
const LANGS: readonly Lang[] = ['it', 'en', 'fr'];
const stamp = Date.now();

/** Real images made here (never downloaded): a big photo, a very wide banner, a long French name. */
const FILES = [
  { name: `fit-photo-6000x4000-${stamp}.jpg`, width: 6000, height: 4000, format: 'jpeg' },
  // 1080 px high: a shorter side the pre-flight's default rules let through to approval.
  { name: `fit-banner-8000x1080-${stamp}.png`, width: 8000, height: 1080, format: 'png' },
  {
    name: `Présentation-du-nouveau-modèle-électrique-à-la-conférence-de-presse-internationale-de-Genève-${stamp}.jpg`,
    width: 1600,
    height: 1200,
    format: 'jpeg',
  },
] as const;

async function image({ name, width, height, format }: (typeof FILES)[number]) {
  const base = sharp({ create: { width, height, channels: 3, background: '#1d3b53' } });
  const buffer = format === 'png' ? await base.png().toBuffer() : await base.jpeg().toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/**
 * Every control of the dialog lies inside its box, and the dialog inside the window. Controls of
 * the side panel are scrolled to first (it scrolls on its own); nothing else may need a scroll.
 */
async function expectControlsInside(page: Page, dialog: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.y, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, what).toBeLessThanOrEqual(viewport.height);
  const outside = await dialog.evaluate((root) => {
    const edge = root.getBoundingClientRect();
    const panel = root.querySelector<HTMLElement>('[data-testid="detail-side-panel"]');
    const problems: string[] = [];
    if (panel && panel.scrollWidth > panel.clientWidth + 1) problems.push('the side panel scrolls sideways');
    const selector =
      'button, input, textarea, select, a[href], [role="radio"], [role="checkbox"], [role="toolbar"]';
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      if (element.getBoundingClientRect().width <= 1) continue; // a hidden input behind its control
      if (panel?.contains(element)) {
        const [inner, outer] = [element.getBoundingClientRect(), panel.getBoundingClientRect()];
        if (inner.bottom > outer.bottom) panel.scrollTop += inner.bottom - outer.bottom;
        if (inner.top < outer.top) panel.scrollTop -= outer.top - inner.top;
      }
      const r = element.getBoundingClientRect();
      if (
        r.left < edge.left - 1 ||
        r.top < edge.top - 1 ||
        r.right > edge.right + 1 ||
        r.bottom > edge.bottom + 1
      )
        problems.push(
          `${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName} at ` +
            `${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`,
        );
    }
    panel?.scrollTo({ top: 0 });
    return problems;
  });
  expect(outside, `${what}: controls outside the dialog ${JSON.stringify(box)}`).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

let stepId = '';
let ids: string[] = [];

test('the supplier delivers a 6000×4000 photo, an 8000×1080 banner and a long French name', async ({
  browser,
}) => {
  test.setTimeout(DERIVATIVES.timeout + 120_000);
  await as(browser, 'foto.studio', async (page) => {
    await openFolderByCode(page, 'lvrr02-marketing');
    await uploadFiles(page, await Promise.all(FILES.map(image)), { timeout: 90_000 });
  });
  // Delivered, they enter approval step 1, where the approver can reject them.
  await as(browser, 'anna.bianchi', async (page) => {
    stepId = (await folderByCode(page, 'appstp1-marketing')).id;
    await expect
      .poll(async () => {
        const items = await derivedListing(page.request, stepId);
        ids = FILES.map((file) => items.find((item) => itemName(item) === file.name)?.id ?? '');
        return ids.filter(Boolean).length;
      }, DERIVATIVES)
      .toBe(FILES.length);
  });
});

for (const lang of LANGS) {
  test(`${lang}: every control of the detail and the reject panel lies inside the dialog`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const t = TEXTS[lang];
    await signIn(page, 'anna.bianchi', lang);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const [index, file] of FILES.entries()) {
        const what = `${lang} ${size.width}×${size.height} ${file.name}`;
        await page.goto(`/home?folder=${stepId}&asset=${ids[index]}`);
        const dialog = page.getByRole('dialog');
        const preview = dialog.getByRole('img', { name: t.assetDetail.preview.image });
        await expect
          .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        await expect(dialog.getByRole('region', { name: t.assetDetail.info.title })).toBeVisible();
        await expectControlsInside(page, dialog, `${what} detail`);

        // The arrows flank the preview, never the side panel's values.
        const panel = dialog.getByTestId('detail-side-panel');
        const [next, panelBox] = await Promise.all([
          dialog.getByRole('button', { name: t.assetDetail.next }).boundingBox(),
          panel.boundingBox(),
        ]);
        expect(next!.x + next!.width, what).toBeLessThanOrEqual(panelBox!.x);
        // Scrolling the info leaves the preview where it is.
        const before = await preview.boundingBox();
        await panel.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        expect(await preview.boundingBox(), what).toEqual(before);
        await keepScreenshot(page, `detail-fit-${lang}-${size.width}x${size.height}-${index}`);

        await dialog
          .getByRole('toolbar', { name: t.workflow.buttons.label })
          .getByRole('button', { name: t.workflow.buttons.reject, exact: true })
          .click();
        await expect(dialog.getByRole('button', { name: t.workflow.reject.confirm })).toBeVisible();
        await expectControlsInside(page, dialog, `${what} reject panel`);
        await keepScreenshot(page, `detail-fit-reject-${lang}-${size.width}x${size.height}-${index}`);
        await dialog.getByRole('button', { name: t.workflow.reject.cancel, exact: true }).click();
        await expect(dialog.getByRole('region', { name: t.assetDetail.info.title })).toBeVisible();
      }
    }
  });
}
