import { expect, type Page } from '@playwright/test';
import type { AssetDetail } from '@paddock/rules';
import sharp from 'sharp';
import { test } from './portal';
import {
  TEXTS,
  as,
  derivedListing,
  folderByCode,
  itemName,
  keepScreenshot,
  openFolderByCode,
  uploadFiles,
  type Lang,
} from './support';

/** A folder of Marketing's archive: mario files photos there, and tags and values may be given there. */
const FOLDER = 'arrc03-marketing';

/** A photo of this run's own colours (no earlier upload is near it), at a JPEG quality. */
async function photo(name: string, hue: number, quality: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1280">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},30%,15%)"/><stop offset="1" stop-color="hsl(${hue},30%,85%)"/></linearGradient></defs>
    <rect width="1920" height="1280" fill="url(#g)"/>
    <circle cx="600" cy="640" r="420" fill="hsl(${(hue + 150) % 360},70%,55%)"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * A picture like no other: a grid of tiles light or dark at random. A perceptual hash reads the
 * lights and darks, not the colours, so another hue, or another plain gradient (other journeys
 * archive many), could stay near; random tiles land about 32 bits from anything.
 */
async function elsewhere(name: string, seed: number) {
  let state = (seed % 2147483646) + 1;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const tiles = Array.from({ length: 16 * 10 }, (_, i) => {
    const [x, y] = [(i % 16) * 120, Math.floor(i / 16) * 128];
    return `<rect x="${x}" y="${y}" width="120" height="128" fill="hsl(${seed % 360},40%,${Math.round(10 + random() * 80)}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1280">${tiles}</svg>`;
  const buffer = await sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality: 90 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Waits until each named asset of the folder has its pre-flight report, which records its pairs. */
async function checkedAll(page: Page, names: string[]): Promise<void> {
  const folder = await folderByCode(page, FOLDER);
  const listed = await derivedListing(page.request, folder.id);
  for (const name of names) {
    const asset = listed.find((a) => itemName(a) === name);
    expect(asset, `${name} is in ${FOLDER}`).toBeDefined();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/assets/${asset!.id}`)).json()) as AssetDetail).preflight,
        { timeout: 60_000 },
      )
      .not.toBeNull();
  }
}

/** The review's row of the pair of these two names, in either order. */
const pairRow = (page: Page, lang: Lang, x: string, y: string) =>
  page
    .getByRole('listitem', {
      name: TEXTS[lang].duplicates.pair.replace('{{first}}', x).replace('{{second}}', y),
    })
    .or(
      page.getByRole('listitem', {
        name: TEXTS[lang].duplicates.pair.replace('{{first}}', y).replace('{{second}}', x),
      }),
    );

test('possible duplicates: found when filed, decided once, the same kept with its tags merged, an Undo (issue 27)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const hue = stamp % 360;
  const original = `e2e-dup-front-${stamp}.jpg`;
  const copy = `e2e-dup-front-copy-${stamp}.jpg`;
  const reencoded = `e2e-dup-front-q60-${stamp}.jpg`;
  const first = await photo(original, hue, 90);

  await as(browser, 'mario.rossi', async (page) => {
    const t = TEXTS.en;
    await openFolderByCode(page, FOLDER);
    await uploadFiles(page, [first, { ...first, name: copy }, await photo(reencoded, hue, 60)], {
      timeout: 60_000,
    });
    await checkedAll(page, [original, copy, reencoded]);

    await page.getByRole('link', { name: t.sections.duplicates }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.sections.duplicates })).toBeVisible();
    const same = pairRow(page, 'en', original, copy);
    const near = pairRow(page, 'en', original, reencoded);
    await expect(same).toContainText(t.duplicates.match.exact);
    await expect(near).toContainText(/Similar picture \(distance \d\)/);
    await same.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'duplicates-1-review-en');

    // Not duplicates: the notice offers Undo.
    await near.getByRole('button', { name: t.duplicates.decisions.distinct }).click();
    await expect(
      page.getByText(t.duplicates.notices.decided.replace('{{decision}}', t.duplicates.decisions.distinct)),
    ).toBeVisible();
    // The group still asks about the copy: the pair decided stays in it, said, without its buttons.
    await expect(near).toContainText(`${t.duplicates.decisions.distinct}: decided by Mario Rossi`);
    await expect(near.getByRole('button')).toHaveCount(0);

    // The same: keep the original, the copy goes to the junk, its tags merged (none to merge here).
    await same.getByRole('button', { name: t.duplicates.actions.same }).click();
    const dialog = page.getByRole('dialog', { name: t.duplicates.same.title });
    await dialog.locator('label').filter({ hasText: original }).click();
    await expect(dialog.getByRole('radio', { name: new RegExp(`^${original}`) })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: t.duplicates.same.merge })).toBeChecked();
    await keepScreenshot(page, 'duplicates-2-same-dialog-en');
    await dialog.getByRole('button', { name: t.duplicates.same.confirm }).click();
    await expect(page.getByText(t.duplicates.notices.junked.replace('{{name}}', copy))).toBeVisible({
      timeout: 30_000,
    });
    await expect(same).toHaveCount(0);

    // Ignored: the pair decided "not duplicates", with Undo; undone, it is proposed again.
    await page.getByRole('tab', { name: t.duplicates.tabs.ignored }).click();
    const ignored = pairRow(page, 'en', original, reencoded);
    await expect(ignored).toContainText('Mario Rossi');
    await keepScreenshot(page, 'duplicates-3-ignored-en');
    await ignored.getByRole('button', { name: t.duplicates.actions.undo }).click();
    await expect(page.getByText(t.duplicates.notices.proposedAgain, { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: t.duplicates.tabs.open }).click();
    await expect(pairRow(page, 'en', original, reencoded)).toBeVisible();
    // The copy is in the junk: it is asked about no more.
    await expect(pairRow(page, 'en', copy, reencoded)).toHaveCount(0);

    // Before the next upload: the upload check hashes files in Chromium and names what is there.
    await openFolderByCode(page, FOLDER);
    await page.getByRole('button', { name: t.uploadCheck.open }).click();
    const check = page.getByRole('dialog');
    await check
      .getByLabel(t.uploadCheck.files.choose)
      .setInputFiles([
        { ...first, name: 'again.jpg' },
        await photo('retouched.jpg', hue, 45),
        await elsewhere('elsewhere.jpg', Date.now()),
      ]);
    const results = check.getByRole('list', { name: t.uploadCheck.files.resultsLabel });
    const again = results.getByRole('listitem', { name: 'again.jpg' });
    await expect(again).toContainText(t.duplicates.match.exact, { timeout: 30_000 });
    await expect(again.getByRole('link', { name: original })).toBeVisible();
    const retouched = results.getByRole('listitem', { name: 'retouched.jpg' });
    await expect(retouched).toContainText(/Similar picture \(distance \d\)/);
    await expect(retouched.getByRole('link', { name: original })).toBeVisible();
    await expect(results.getByRole('listitem', { name: 'elsewhere.jpg' })).toContainText(
      t.uploadCheck.files.none,
    );
    await results.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'duplicates-5-upload-check-en');
  });

  for (const lang of ['it', 'fr'] as const) {
    await as(
      browser,
      'mario.rossi',
      async (page) => {
        const t = TEXTS[lang];
        await page.goto('/home');
        await page.getByRole('link', { name: t.sections.duplicates }).click();
        await expect(page.getByRole('heading', { level: 1, name: t.sections.duplicates })).toBeVisible();
        const row = pairRow(page, lang, original, reencoded);
        await expect(row).toContainText(t.duplicates.match.near.replace(/\s*\(.*$/, ''));
        await expect(row.getByRole('button', { name: t.duplicates.decisions.alternate })).toBeVisible();
        await row.scrollIntoViewIfNeeded();
        await keepScreenshot(page, `duplicates-4-review-${lang}`);
      },
      { lang },
    );
  }
});

test('possible duplicates are not for suppliers: no link, and the page says so (issue 27)', async ({
  browser,
}) => {
  await as(
    browser,
    'foto.studio',
    async (page) => {
      const t = TEXTS.fr;
      await page.goto('/home');
      await expect(page.getByRole('link', { name: t.sections.duplicates })).toHaveCount(0);
      await page.goto('/duplicates');
      await expect(page.getByText(t.duplicates.notAllowed.title)).toBeVisible();
      await keepScreenshot(page, 'duplicates-6-supplier-fr');
    },
    { lang: 'fr' },
  );
});
