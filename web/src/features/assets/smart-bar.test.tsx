import {
  E_CODES,
  LIMITS,
  type AssetActions,
  type MetadataDefinitionSummary,
  type Place,
} from '@paddock/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import {
  actionsAllowing,
  aFolder,
  anAsset,
  assetRoutes,
  hubError,
  ok,
  signedInHub,
} from '../../../test/fake-hub';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import {
  layOutInOneRow,
  withDesktopListingLayout,
  withResizeObserverStub,
} from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();
withFreshBrowserInEnglish();

const NONE = actionsAllowing({ download: true });
const place = (overrides: Partial<Place>): Place => ({
  view: 'archives',
  archiveSubState: 'department',
  isSuppliersRoot: false,
  isDepartmentArchiveRoot: false,
  step: null,
  department: 'marketing',
  ...overrides,
});

const MODEL_YEAR: MetadataDefinitionSummary = {
  id: 'm1',
  key: 'modelyear',
  classificationId: 'ggdyqo',
  names: { en: 'Model year', it: 'Anno modello' },
  type: 'string',
  mandatory: false,
  options: [],
};

const archive = aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing' });
const step1 = aFolder({ id: 'st1', name: 'Step 1', prettyId: 'appstp1-marketing' });

/** The listing of `folder`, whose SPEC §6 actions are `actions`, with two assets selected. */
async function selectTwoIn(folder: typeof archive, folderPlace: Place, actions: Partial<AssetActions>) {
  signedInHub({
    tree: [archive, step1],
    routes: {
      [`GET /api/folders/${folder.id}`]: ok({
        ...folder,
        place: folderPlace,
        actions: { ...NONE, ...actions },
      }),
      ...assetRoutes(3),
    },
  });
  renderApp(`/home?folder=${folder.id}`);
  const user = userEvent.setup();
  return { user, bar: await selectTwo(user, 'Multiple selection', 'Selected: 2') };
}

/** Selects the first two assets of the listing shown; returns the selection bar, named `barName`. */
async function selectTwo(user: ReturnType<typeof userEvent.setup>, barName: string, count: string) {
  await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }, { timeout: 10_000 }));
  await user.keyboard('{Shift>}');
  await user.click(screen.getByRole('option', { name: 'asset-1.jpg' }));
  await user.keyboard('{/Shift}');
  const bar = screen.getByRole('region', { name: barName });
  await within(bar).findByText(count);
  return bar;
}

const buttonsOf = (bar: HTMLElement) =>
  within(bar)
    .getAllByRole('button')
    .map((button) => button.textContent);

async function menuItemsOf(user: ReturnType<typeof userEvent.setup>, bar: HTMLElement) {
  await user.click(within(bar).getByRole('button', { name: 'More' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

describe('SmartBar', () => {
  it('in the archives: workflow, enrich, tag and download as buttons; preview and shares under More', async () => {
    const { user, bar } = await selectTwoIn(archive, place({}), {
      move: true,
      delete: true,
      tag: true,
      share: true,
    });
    await waitFor(() =>
      expect(buttonsOf(bar)).toEqual([
        'Move',
        'Delete',
        'Enrich',
        'Tags',
        'Metadata',
        'Download',
        'More',
        'Clear selection',
      ]),
    );
    expect(await menuItemsOf(user, bar)).toEqual([
      'Preview the selection',
      'External share',
      'Internal share',
      // Collections keep assets across folders, wherever they are listed (docs/saved-searches.md).
      'Add to collection',
    ]);
  });

  it('in an approval step: accept and reject as buttons; only the preview under More', async () => {
    const { user, bar } = await selectTwoIn(step1, place({ view: 'approver', step: 1 }), {
      accept: true,
      reject: true,
    });
    await waitFor(() =>
      expect(buttonsOf(bar)).toEqual(['Accept', 'Reject', 'Download', 'More', 'Clear selection']),
    );
    expect(await menuItemsOf(user, bar)).toEqual(['Preview the selection', 'Add to collection']);
  });

  it('says a failed folder (E014) with its code and a Retry that brings the actions back', async () => {
    let failing = true;
    signedInHub({
      tree: [archive, step1],
      routes: {
        'GET /api/folders/arch': () =>
          failing
            ? hubError(503, E_CODES.FOLDER_FAILED)
            : ok({ ...archive, place: place({}), actions: { ...NONE, tag: true } }),
        ...assetRoutes(3),
      },
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    const bar = await selectTwo(user, 'Multiple selection', 'Selected: 2');

    const alert = await within(bar).findByRole('alert');
    expect(alert).toHaveTextContent('This folder could not be loaded, so its actions are not available.');
    expect(alert).toHaveTextContent('Error code: E014');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() =>
      expect(buttonsOf(bar)).toEqual(['Enrich', 'Tags', 'Metadata', 'Download', 'More', 'Clear selection']),
    );
    expect(within(bar).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['add', 'Set a value', 'Set', [{ key: 'modelyear', value: '2026' }]],
    ['remove', 'Remove the metadata', 'Remove', [{ key: 'modelyear' }]],
  ] as const)(
    'bulk-%ss one metadata from its dialog beside Tags, a value required to add (SPEC §5)',
    async (action, choice, confirm, metadata) => {
      const calls = signedInHub({
        tree: [archive, step1],
        routes: {
          'GET /api/folders/arch': ok({ ...archive, place: place({}), actions: { ...NONE, tag: true } }),
          'GET /api/enrichment/definitions': ok({ metadata: [MODEL_YEAR] }),
          'POST /api/tags/bulk': ok({ jobId: 'j1' }),
          ...assetRoutes(3),
        },
      });
      renderApp('/home?folder=arch');
      const user = userEvent.setup();
      const bar = await selectTwo(user, 'Multiple selection', 'Selected: 2');

      await user.click(await within(bar).findByRole('button', { name: 'Metadata' }));
      const dialog = await screen.findByRole('dialog', { name: 'Metadata of 2 assets' });
      await user.click(within(dialog).getByText(choice));
      await user.selectOptions(
        await within(dialog).findByRole('combobox', { name: 'Metadata' }),
        'Model year',
      );
      const button = within(dialog).getByRole('button', { name: confirm });
      if (action === 'add') {
        expect(button).toBeDisabled();
        await user.type(within(dialog).getByRole('textbox', { name: 'Model year' }), '2026');
      } else expect(within(dialog).queryByRole('textbox', { name: 'Model year' })).toBeNull();
      await user.click(button);

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === '/api/tags/bulk').map((c) => c.body),
      ).toEqual([{ contentIds: ['a0', 'a1'], folderId: 'arch', action, metadata }]);
    },
  );

  it('opens a menu action from the keyboard, its dialog outliving the closed menu', async () => {
    const { user, bar } = await selectTwoIn(archive, place({}), { share: true });
    within(bar).getByRole('button', { name: 'More' }).focus();
    await user.keyboard('{Enter}');
    // The first item is the highlighted one (the menu keeps the focus and points at it).
    const first = await screen.findByRole('menuitem', { name: 'Preview the selection' });
    await waitFor(() => expect(first).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    const preview = await screen.findByRole('dialog', { name: '2 assets selected' });
    expect(within(preview).getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Esc clears the selection, but only closes a menu opened from the bar (issue 23)', async () => {
    const { user, bar } = await selectTwoIn(archive, place({}), { share: true });
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    // Esc is pressed where the user is: in the menu, once it has taken the focus.
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(within(bar).getByText('Selected: 2')).toBeInTheDocument();

    screen.getByRole('option', { name: 'asset-1.jpg' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Multiple selection' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'asset-0.jpg' })).toHaveAttribute('aria-selected', 'false');
  });

  it(`says the tagging limit on Enrich and Tags before anything opens, over ${LIMITS.taggingMaxAssets} assets (SPEC §5)`, async () => {
    const total = LIMITS.taggingMaxAssets + 1;
    signedInHub({
      tree: [archive],
      routes: {
        [`GET /api/folders/${archive.id}`]: ok({
          ...archive,
          place: place({}),
          actions: { ...NONE, tag: true },
        }),
        ...assetRoutes(total),
        // The whole folder in one page, so that Ctrl+A selects every asset.
        'GET /api/assets': ok({
          items: Array.from({ length: total }, (_, n) => anAsset(n)),
          hasMore: false,
          offset: 0,
          limit: total,
        }),
      },
    });
    const app = renderApp(`/home?folder=${archive.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }, { timeout: 10_000 }));
    await user.keyboard('{Control>}a{/Control}');
    const bar = screen.getByRole('region', { name: 'Multiple selection' });
    await within(bar).findByText(`Selected: ${total}`);
    for (const name of ['Enrich', 'Tags']) {
      const button = await within(bar).findByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('At most 200 assets at a time.');
    }
    await user.click(within(bar).getByRole('button', { name: 'Enrich' }));
    expect(app.router.state.location.pathname).toBe('/home');

    // One fewer, and the wizard opens on the selection.
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('option', { name: 'asset-0.jpg' }));
    await user.keyboard('{/Control}');
    await within(bar).findByText(`Selected: ${LIMITS.taggingMaxAssets}`);
    expect(within(bar).getByRole('button', { name: 'Tags' })).toBeEnabled();
    await user.click(within(bar).getByRole('button', { name: 'Enrich' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/product'));
  });

  describe('in a bar narrower than its labelled row', () => {
    const ARCHIVE_BUTTONS = [
      'Move',
      'Delete',
      'Enrich',
      'Tags',
      'Metadata',
      'Download',
      'More',
      'Clear selection',
    ];
    const namesOf = (bar: HTMLElement) =>
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    const selectInArchive = () =>
      selectTwoIn(archive, place({}), { move: true, delete: true, tag: true, share: true });

    it('shows the buttons as icons, named and titled by their labels, and fits one row', async () => {
      const { user, bar } = await selectInArchive();
      await waitFor(() => expect(buttonsOf(bar)).toEqual(ARCHIVE_BUTTONS));
      // 440 px keep the first three labels (the row is then 440 px); 320 px keep none.
      layOutInOneRow(bar, 440);
      expect(buttonsOf(bar)).toEqual(['Move', 'Delete', 'Enrich', '', '', '', '', '']);
      layOutInOneRow(bar, 320);

      expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
      expect(buttonsOf(bar)).toEqual(ARCHIVE_BUTTONS.map(() => ''));
      for (const name of ARCHIVE_BUTTONS)
        expect(within(bar).getByRole('button', { name })).toHaveAttribute('title', name);

      // A new count is measured again, and the labels still do not fit.
      await user.keyboard('{Control>}');
      await user.click(screen.getByRole('option', { name: 'asset-2.jpg' }));
      await user.keyboard('{/Control}');
      await within(bar).findByText('Selected: 3');
      expect(buttonsOf(bar)).toEqual(ARCHIVE_BUTTONS.map(() => ''));
      expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
    });

    it('keeps the More menu at hand from the keyboard', async () => {
      const { user, bar } = await selectInArchive();
      await waitFor(() => expect(buttonsOf(bar)).toEqual(ARCHIVE_BUTTONS));
      layOutInOneRow(bar, 400);
      const more = within(bar).getByRole('button', { name: 'More' });
      expect(more.textContent).toBe('');
      more.focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('menuitem', { name: 'Preview the selection' })).toBeVisible();
    });

    it('shows the labels again once the bar is as wide as the labelled row', async () => {
      const { bar } = await selectInArchive();
      await waitFor(() => expect(buttonsOf(bar)).toEqual(ARCHIVE_BUTTONS));
      layOutInOneRow(bar, 400);
      // Widened, the labels come back one by one: at 751 px all but Clear's (120 px of text).
      layOutInOneRow(bar, 751);
      expect(buttonsOf(bar)).toEqual([...ARCHIVE_BUTTONS.slice(0, -1), '']);
      expect(namesOf(bar).at(-1)).toBe('Clear selection');
      layOutInOneRow(bar, 752);
      expect(buttonsOf(bar)).toEqual(ARCHIVE_BUTTONS);
      expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
    });

    it('measures the labels again in another language', async () => {
      const { user } = await selectInArchive();
      // The Italian row takes 824 px, the English one 752; a new language drops the selection.
      await act(() => i18n.changeLanguage('it'));
      const italian = await selectTwo(user, 'Selezione multipla', 'Selezionati: 2');
      await waitFor(() => expect(within(italian).getAllByRole('button')).toHaveLength(8));
      layOutInOneRow(italian, 760);
      // Only the clear button's label goes: the others fit beside its icon.
      expect(buttonsOf(italian)).toEqual([
        'Sposta',
        'Elimina',
        'Arricchisci',
        'Tag',
        'Metadati',
        'Scarica',
        'Altro',
        '',
      ]);
      expect(namesOf(italian).at(-1)).toBe('Deseleziona tutto');

      await act(() => i18n.changeLanguage('en'));
      const english = await selectTwo(user, 'Multiple selection', 'Selected: 2');
      await waitFor(() => expect(within(english).getAllByRole('button')).toHaveLength(8));
      layOutInOneRow(english, 760);
      expect(buttonsOf(english)).toEqual(ARCHIVE_BUTTONS);
    });
  });
});
