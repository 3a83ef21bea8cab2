import type { AssetActions, Place } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { actionsAllowing, aFolder, assetRoutes, fakeHub, ok, signedInRoutes } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();

withResizeObserverStub();

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const NONE = actionsAllowing({ download: true });
const place = (overrides: Partial<Place>): Place => ({
  view: 'archives',
  archiveSubState: 'department',
  isSuppliersRoot: false,
  step: null,
  department: 'marketing',
  ...overrides,
});

const archive = aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing' });
const step1 = aFolder({ id: 'st1', name: 'Step 1', prettyId: 'appstp1-marketing' });

/** The listing of `folder`, whose SPEC §6 actions are `actions`, with two assets selected. */
async function selectTwoIn(folder: typeof archive, folderPlace: Place, actions: Partial<AssetActions>) {
  fakeHub({
    ...signedInRoutes(),
    'GET /api/folders/tree': ok({ roots: [archive, step1] }),
    [`GET /api/folders/${folder.id}`]: ok({
      ...folder,
      place: folderPlace,
      actions: { ...NONE, ...actions },
    }),
    ...assetRoutes(3),
  });
  renderApp(`/home?folder=${folder.id}`);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }, { timeout: 10_000 }));
  await user.keyboard('{Shift>}');
  await user.click(screen.getByRole('option', { name: 'asset-1.jpg' }));
  await user.keyboard('{/Shift}');
  const bar = screen.getByRole('region', { name: 'Multiple selection' });
  await within(bar).findByText('Selected: 2');
  return { user, bar };
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
        'Download',
        'More',
        'Clear selection',
      ]),
    );
    expect(await menuItemsOf(user, bar)).toEqual(['Preview the selection', 'External share', 'Share']);
  });

  it('in an approval step: accept and reject as buttons; only the preview under More', async () => {
    const { user, bar } = await selectTwoIn(step1, place({ view: 'approver', step: 1 }), {
      accept: true,
      reject: true,
    });
    await waitFor(() =>
      expect(buttonsOf(bar)).toEqual(['Accept', 'Reject', 'Download', 'More', 'Clear selection']),
    );
    expect(await menuItemsOf(user, bar)).toEqual(['Preview the selection']);
  });

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
});
