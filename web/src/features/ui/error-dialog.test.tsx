import { act, screen, waitFor, within } from '@testing-library/react';
import { E_CODES } from '@paddock/rules';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { AppDialog } from '../../components/ui/dialog';
import { GlobalUiHosts } from './global-ui-hosts';

beforeEach(() => i18n.changeLanguage('en'));

function renderHosts() {
  const { uiStore } = renderWithProviders(<GlobalUiHosts />);
  return uiStore;
}

describe('error dialog', () => {
  it('shows title, the generic message and the error code', async () => {
    const ui = renderHosts();

    act(() => {
      ui.showError({ code: E_CODES.ACCEPT_LINK_FAILED });
    });

    const dialog = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(dialog).toHaveTextContent('The operation could not be performed. Try later');
    expect(dialog).toHaveTextContent('Error code: E046');
  });

  it('translates the code line', async () => {
    await i18n.changeLanguage('it');
    const ui = renderHosts();

    act(() => {
      ui.showError({ code: E_CODES.TRASH_FAILED });
    });

    const dialog = await screen.findByRole('alertdialog', { name: 'ERRORE' });
    expect(dialog).toHaveTextContent('Codice errore: E055');
  });

  it('shows only one error dialog at a time', async () => {
    const ui = renderHosts();

    let second = true;
    act(() => {
      ui.showError({ code: E_CODES.ACCEPT_LINK_FAILED });
      second = ui.showError({ code: E_CODES.ACCEPT_UNLINK_FAILED });
    });

    expect(second).toBe(false);
    expect(await screen.findAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Error code: E046');
    expect(screen.queryByText('Error code: E048')).not.toBeInTheDocument();
  });

  it('accepts a new error once the first is closed', async () => {
    const ui = renderHosts();
    const user = userEvent.setup();
    act(() => {
      ui.showError({ code: E_CODES.ACCEPT_LINK_FAILED });
    });

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => {
      ui.showError({ code: E_CODES.ACCEPT_UNLINK_FAILED });
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error code: E048');
  });

  it('runs the OK action and closes', async () => {
    const ui = renderHosts();
    const user = userEvent.setup();
    const onOk = jest.fn();
    act(() => {
      ui.showError({ message: 'Move failed', onOk });
    });

    await user.click(await screen.findByRole('button', { name: 'OK' }));

    expect(onOk).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the trace folded until asked for', async () => {
    const ui = renderHosts();
    const user = userEvent.setup();
    act(() => {
      ui.showError({ code: E_CODES.FOLDER_TREE_FAILED, trace: 'provider timeout after 60000 ms' });
    });
    const dialog = await screen.findByRole('alertdialog');

    expect(within(dialog).queryByText('provider timeout after 60000 ms')).not.toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Technical details' }));
    expect(within(dialog).getByText('provider timeout after 60000 ms')).toBeVisible();
  });
});

describe('a job report raised over an open dialog', () => {
  let closeOpener = () => {};
  function Opener() {
    const [open, setOpen] = useState(true);
    closeOpener = () => setOpen(false);
    return (
      <AppDialog open={open} dismissible title="Detail" footer={null}>
        body
      </AppDialog>
    );
  }

  it('stays open when the dialog that started the job closes under it', async () => {
    const { uiStore } = renderWithProviders(
      <>
        <Opener />
        <GlobalUiHosts />
      </>,
    );
    await screen.findByRole('dialog', { name: 'Detail' });
    act(() => {
      uiStore.showError({ code: E_CODES.MOVE_LINK_FAILED });
    });
    await screen.findByRole('alertdialog', { name: 'ERROR' });

    act(() => closeOpener());

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detail' })).not.toBeInTheDocument());
    expect(screen.getByRole('alertdialog', { name: 'ERROR' })).toHaveTextContent('E049');
    expect(uiStore.getState().errorDialog).not.toBeNull();
  });
});
