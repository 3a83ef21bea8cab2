import { E_CODES } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHub, hubError, ok } from '../../../test/fake-hub';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { InternalShareDialog } from './internal-share-dialog';

withFreshBrowserInEnglish();

/** The dialog for two assets, idle, as the smart bar opens it. */
function renderDialog(onShare: (folderIds: string[]) => void = () => {}) {
  renderWithProviders(
    <InternalShareDialog
      count={2}
      progress={null}
      busy={false}
      refusal={null}
      onShare={onShare}
      onClose={() => {}}
    />,
  );
}

describe('the internal share dialog', () => {
  it('shares into the folders ticked when Share is pressed, not one ticked and unticked again', async () => {
    const folder = (id: string, name: string) => ({
      id,
      prettyId: id,
      isSupplier: false,
      names: { EN: name },
      path: [],
    });
    fakeHub({
      'GET /api/shares/folders': () =>
        ok({ items: [folder('f1', 'Shared'), folder('f2', 'Press'), folder('f3', 'Web')] }),
    });
    const onShare = jest.fn();
    renderDialog(onShare);

    const user = userEvent.setup();
    for (const name of ['Web', 'Shared', 'Web']) await user.click(await screen.findByText(name));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(onShare).toHaveBeenCalledWith(['f1']);
  });

  it('says a failed sharing-folder lookup with its text and the category lookup code (E032), and Retry loads the folders', async () => {
    let failing = true;
    fakeHub({
      'GET /api/shares/folders': () =>
        failing
          ? hubError(409, E_CODES.CATEGORY_LOOKUP_FAILED)
          : ok({
              items: [
                {
                  id: 'f1',
                  prettyId: 'arch06-marketing',
                  isSupplier: false,
                  names: { EN: 'Shared' },
                  path: [],
                },
              ],
            }),
    });
    renderDialog();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sharing folders could not be loaded.');
    expect(alert).not.toHaveTextContent('tag');
    expect(alert).toHaveTextContent('Error code: E032');
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await screen.findAllByRole('checkbox')).toHaveLength(1);
  });
});
