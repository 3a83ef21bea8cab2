import { type AssetDetail } from '@paddock/rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import {
  aFolder,
  actionsAllowing,
  anAssetDetail,
  assetRoutes,
  fakeHub,
  ok,
  signedInRoutes,
} from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { withDesktopListingLayout } from '../../../test/desktop-layout';

withDesktopListingLayout();

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const STROKES = [
  {
    color: '#e11d48',
    width: 0.005,
    points: [
      [0.2, 0.3],
      [0.6, 0.5],
    ],
  },
  {
    color: '#2563eb',
    width: 0.005,
    points: [
      [0.7, 0.2],
      [0.5, 0.6],
    ],
  },
];
const NOTE = 'The logo is cut off on the right';

/** The asset at `version`, back at approval step 1 with the rejection's note and drawing kept. */
function openAt(version: number, drawing: object) {
  const detail: Partial<AssetDetail> = {
    version,
    place: {
      view: 'approver',
      archiveSubState: null,
      isSuppliersRoot: false,
      isDepartmentArchiveRoot: false,
      step: 1,
      department: 'marketing',
    },
    actions: { ...actionsAllowing(), accept: true, reject: true },
    workflow: {
      ...anAssetDetail(0).workflow,
      step: 1,
      note: NOTE,
      canvas: JSON.stringify({ version: 1, strokes: STROKES, ...drawing }),
      rejectedBy: 'luca.conti',
    },
  };
  fakeHub({
    ...signedInRoutes(),
    'GET /api/folders/tree': ok({
      roots: [aFolder({ id: 'st1', name: 'Step 1', prettyId: 'appstp1-marketing' })],
    }),
    ...assetRoutes(3),
    'GET /api/assets/a0': ok(anAssetDetail(0, detail)),
  });
  renderApp('/home?folder=st1&asset=a0');
  return screen.findByRole('dialog', { name: 'asset-0.jpg' });
}

const preview = async (dialog: HTMLElement) => within(await within(dialog).findByTestId('preview-box'));

describe('the rejection drawing belongs to the version it was drawn on (issue 23)', () => {
  it('over the preview of that version, its toggle beside the note', async () => {
    const dialog = await openAt(2, { contentVersion: 2 });
    const over = (await preview(dialog)).getByRole('img', { name: 'Rejection drawing' });
    expect(over.querySelectorAll('polyline')).toHaveLength(2);

    const rejection = within(within(dialog).getByRole('group', { name: 'Rejection note' }));
    expect(rejection.getByText(NOTE)).toBeInTheDocument();
    await userEvent.setup().click(rejection.getByRole('checkbox', { name: 'Show the rejection drawing' }));
    expect((await preview(dialog)).queryByRole('img', { name: 'Rejection drawing' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: /^Rejected on version/ })).not.toBeInTheDocument();
  });

  it('a later version opens clean, the earlier rejection shown beside it with its version', async () => {
    const dialog = await openAt(2, { contentVersion: 1 });
    const shown = await preview(dialog);
    // Only the image itself: nothing painted over it.
    expect(shown.getAllByRole('img')).toEqual([shown.getByRole('img', { name: 'Image preview' })]);

    const rejection = within(within(dialog).getByRole('group', { name: 'Rejected on version 1' }));
    expect(rejection.getByText(NOTE)).toBeInTheDocument();
    const small = rejection.getByRole('img', { name: 'Rejection drawing of version 1' });
    expect(small.querySelectorAll('polyline')).toHaveLength(2);
    // The toggle is for a drawing over the preview only.
    expect(within(dialog).queryByRole('checkbox', { name: 'Show the rejection drawing' })).toBeNull();
  });

  it('a drawing stored before the stamp belongs to version 1: beside version 2, not over it', async () => {
    const dialog = await openAt(2, {});
    expect(
      (await preview(dialog)).queryByRole('img', { name: /^Rejection drawing/ }),
    ).not.toBeInTheDocument();
    const rejection = within(within(dialog).getByRole('group', { name: 'Rejected on version 1' }));
    expect(rejection.getByRole('img', { name: 'Rejection drawing of version 1' })).toBeInTheDocument();
  });
});
