import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import type { FolderNode } from '@paddock/rules';
import { TEXTS, as, derivedListing, jpeg, keepScreenshot, signIn, type Lang } from './support';

const LANGS: Lang[] = ['it', 'en', 'fr'];

/** The department's special folders as the tree names them (packages/rules names.ts). */
const FOLDER = {
  step1: { it: 'Passo 1', en: 'Step 1', fr: 'Étape 1' },
  approval: { it: 'Approvazione', en: 'Approval', fr: 'Approbation' },
  rejected: { it: 'Rifiutati', en: 'Rejected', fr: 'Refusés' },
  enrichment: { it: 'Arricchimento', en: 'Enrichment', fr: 'Enrichissement' },
  suppliers: { it: 'Fornitori', en: 'Suppliers', fr: 'Fournisseurs' },
  archive: { it: 'Archivio di reparto', en: 'Department archive', fr: 'Archives du service' },
  // A folder of no code: its own names, in each language (issue 23: French read the English one).
  press: { it: 'Stampa', en: 'Press', fr: 'Presse' },
  internallyShared: { it: 'Condivisi internamente', en: 'Internally shared', fr: 'Partagés en interne' },
  // The organisation's shared archive (SPEC §3 fixed id) and its channel.
  sharedArchive: { it: 'Archivio condiviso', en: 'Shared archive', fr: 'Archives partagées' },
  website: { it: 'Sito web', en: 'Website', fr: 'Site web' },
} as const;

/** The folder the view opened by itself: selected in the tree and kept in the address. */
async function expectOpened(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('tree').getByRole('treeitem', { selected: true })).toHaveText(name);
  await expect(page).toHaveURL(/[?&]folder=/);
}

/** The tree's folder names, in order (context folders included). */
function treeNames(page: Page) {
  return page.getByRole('tree').getByRole('treeitem').allTextContents();
}

async function folderId(page: Page, prettyId: string): Promise<string> {
  const tree = (await (await page.request.get('/api/folders/tree?lang=en')).json()) as {
    roots: FolderNode[];
  };
  const find = (nodes: FolderNode[]): FolderNode | undefined =>
    nodes.map((node) => (node.prettyId === prettyId ? node : find(node.children ?? []))).find(Boolean);
  const found = find(tree.roots);
  expect(found, `${prettyId} is in the tree`).toBeDefined();
  return found!.id;
}

for (const lang of LANGS) {
  test(`each view shows its own folders and opens the first, in ${lang.toUpperCase()}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    const name = (folder: keyof typeof FOLDER) => FOLDER[folder][lang];

    // The approver meets the assets waiting at her step: Step 1 only, opened.
    await signIn(page, 'anna.bianchi', lang);
    await expect(page.getByRole('heading', { name: t.views.approver, level: 1 })).toBeVisible();
    await expectOpened(page, name('step1'));
    expect(await treeNames(page)).toEqual(['Marketing', name('approval'), name('step1')]);
    await keepScreenshot(page, `views-approver-${lang}`);

    // The user's views, each from the navigation.
    await page.context().clearCookies();
    await signIn(page, 'mario.rossi', lang);
    await expectOpened(page, name('archive'));
    const views: [keyof typeof t.views, string][] = [
      ['rejected', name('rejected')],
      ['enrichment', name('enrichment')],
      ['supplier', name('suppliers')],
    ];
    for (const [view, first] of views) {
      await page.getByRole('link', { name: t.views[view], exact: true }).click();
      await expect(page.getByRole('heading', { name: t.views[view], level: 1 })).toBeVisible();
      await expectOpened(page, first);
      await keepScreenshot(page, `views-${view}-${lang}`);
    }

    // Archives › Channels: the sharing channels below the department's internally shared folder
    // and below the organisation's shared archive; the department's own channel opens first.
    await page.getByRole('link', { name: t.views.archives, exact: true }).click();
    await page.getByRole('tab', { name: t.home.archive.tabs.channels }).click();
    await expectOpened(page, name('press'));
    await expect(page).toHaveURL(/archive=channels/);
    const department = ['Marketing', name('internallyShared'), name('press')];
    const shared = [name('sharedArchive'), name('website')];
    // Roots by name in the interface language.
    expect(await treeNames(page)).toEqual(
      'Marketing'.localeCompare(name('sharedArchive'), lang) < 0
        ? [...department, ...shared]
        : [...shared, ...department],
    );
    await keepScreenshot(page, `views-channels-${lang}`);
    await page
      .getByRole('tree')
      .getByRole('treeitem', { name: name('website'), exact: true })
      .click();
    await expectOpened(page, name('website'));
    await expect(page).toHaveURL(/archive=channels/);
    await keepScreenshot(page, `views-channels-shared-archive-${lang}`);

    // The administrator's department junk: their own department's junk opens, not the first by name.
    await as(browser, 'admin', async (admin) => {
      await admin.goto('/home?view=departmentJunk');
      // The junk of each department the administrator may see is a root of its own.
      await expectOpened(admin, /^Department junk/);
      await expect(admin).toHaveURL(new RegExp(`folder=${await folderId(admin, 'junk-marketing')}`));
      await keepScreenshot(admin, `views-junk-en-as-admin-for-${lang}`);
    });

    // The supplier: its sent and its received folders.
    await page.context().clearCookies();
    await signIn(page, 'foto.studio', lang);
    await expect(page.getByRole('heading', { name: t.views.supplierSent, level: 1 })).toBeVisible();
    // Working for two departments, the supplier chooses one on purpose: nothing opens by itself.
    await expect(page.getByRole('tree').getByRole('treeitem', { selected: true })).toHaveCount(0);
    await page
      .getByRole('list', { name: t.supplier.chooseDepartment.label })
      .getByRole('button', { name: 'Marketing', exact: true })
      .click();
    await expectOpened(page, /^(inviati al costruttore|sent to the maker|envoyés au constructeur)$/);
    await keepScreenshot(page, `views-supplier-sent-${lang}`);
    // The other view opens in the department chosen (issue 23): the supplier is not asked again.
    await page.getByRole('link', { name: t.views.supplierRecieved, exact: true }).click();
    await expectOpened(page, /^(ricevuti dal costruttore|received from the maker|reçus du constructeur)$/);
    await keepScreenshot(page, `views-supplier-received-${lang}`);
  });
}

test('a folder is created, renamed, recoded and deleted from the tree, each refusal in words', async ({
  page,
}) => {
  const t = TEXTS.en;
  const m = t.folderMenu;
  await signIn(page, 'mario.rossi', 'en');
  await expectOpened(page, 'Department archive');
  const menu = (folder: string) => page.getByRole('button', { name: m.label.replace('{{folder}}', folder) });
  const name = `E2E folder ${Date.now()}`;

  await menu('Department archive').click();
  await page.getByRole('menuitem', { name: m.create.action }).click();
  const create = page.getByRole('dialog', {
    name: m.create.title.replace('{{folder}}', 'Department archive'),
  });
  await create.getByRole('button', { name: m.create.confirm }).click();
  await expect(create.getByText(t.error.codes.FOLDER_NAME_REQUIRED)).toBeVisible();
  await keepScreenshot(page, 'views-folder-name-required-en');
  await create.getByRole('textbox', { name: m.create.label, exact: true }).fill(name);
  await create.getByRole('button', { name: m.create.confirm }).click();
  await expectOpened(page, name);

  await menu(name).click();
  await page.getByRole('menuitem', { name: m.rename.action }).click();
  const rename = page.getByRole('dialog', { name: m.rename.title.replace('{{folder}}', name) });
  await rename.getByRole('textbox', { name: m.rename.label, exact: true }).fill(`${name} renamed`);
  await rename.getByRole('button', { name: m.rename.confirm }).click();
  await expectOpened(page, `${name} renamed`);

  await menu(`${name} renamed`).click();
  await page.getByRole('menuitem', { name: m.prettyId.action }).click();
  const code = page.getByRole('dialog', { name: m.prettyId.title.replace('{{folder}}', `${name} renamed`) });
  const codeField = code.getByRole('textbox', { name: m.prettyId.label, exact: true });
  await codeField.fill('arch04-marketing-e2e');
  await code.getByRole('button', { name: m.prettyId.confirm }).click();
  await expect(code.getByText(t.error.codes.FOLDER_PRETTY_ID_RESERVED)).toBeVisible();
  await keepScreenshot(page, 'views-folder-code-refused-en');
  await codeField.fill(`e2e-${Date.now()}`);
  await code.getByRole('button', { name: m.prettyId.confirm }).click();
  await expect(code).toBeHidden();

  await menu(`${name} renamed`).click();
  await page.getByRole('menuitem', { name: m.delete.action }).click();
  const question = page.getByRole('alertdialog', {
    name: m.delete.title.replace('{{folder}}', `${name} renamed`),
  });
  await keepScreenshot(page, 'views-folder-delete-en');
  await question.getByRole('button', { name: m.delete.confirm }).click();
  await expectOpened(page, 'Department archive');
  await expect(page.getByRole('treeitem', { name: `${name} renamed` })).toHaveCount(0);
});

test('an approver rejects a delivery from the supplier view: it goes back to the supplier work folder', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const t = TEXTS.en;
  const wf = t.workflow;
  const name = `e2e-supplier-reject-${Date.now()}.jpg`;
  await as(browser, 'foto.studio', async (page) => {
    await page.goto(`/home?folder=${await folderId(page, 'lvrr02-marketing')}`);
    await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Upload to / });
    await dialog.getByLabel(t.uploads.choose).setInputFiles(await jpeg(name, '#c04ae8'));
    await expect(dialog.getByText(t.uploads.status.done, { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  await as(browser, 'anna.bianchi', async (page) => {
    const work = await folderId(page, 'lvrr02-marketing');
    await derivedListing(page.request, work, name);
    await page.goto(`/home?view=supplier&folder=${work}`);
    await page.getByRole('option', { name }).dblclick();
    const detail = page.getByRole('dialog', { name });
    await detail
      .getByRole('toolbar', { name: wf.buttons.label })
      .getByRole('button', { name: wf.buttons.reject, exact: true })
      .click();
    await page.getByRole('textbox', { name: wf.reject.note }).fill('Wrong light on the bonnet');
    await keepScreenshot(page, 'views-supplier-reject-en');
    await page.getByRole('button', { name: wf.reject.confirm }).click();
    await expect(detail).toBeHidden({ timeout: 30_000 });
  });

  // Back with the supplier, refused, with its note; no longer waiting at step 1.
  await as(browser, 'foto.studio', async (page) => {
    await page.goto(`/home?folder=${await folderId(page, 'lvrr02-marketing')}`);
    await page.getByRole('option', { name }).dblclick();
    const detail = page.getByRole('dialog', { name });
    await expect(detail.getByTestId('rejection-note')).toHaveText('Wrong light on the bonnet');
    await expect(detail.getByText(wf.info.rejected, { exact: true })).toBeVisible();
    await keepScreenshot(page, 'views-supplier-sees-rejection-en');
  });
});
