import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppDialog } from '../../components/ui/dialog';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { AreaLoader } from './area-loader';
import { ErrorBannerHost } from './error-banner-host';
import { GlobalUiHosts } from './global-ui-hosts';
import { useUiStore } from './ui-store-context';
import { NOTICE_MS, NOTICE_WITH_UNDO_MS, type NoticeText } from './ui-store';

beforeEach(() => i18n.changeLanguage('en'));

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('UI hosts', () => {
  it('shows the full-screen loader with its text and counter', () => {
    const { uiStore } = renderWithProviders(<GlobalUiHosts />);

    act(() => uiStore.showFullScreenLoader({ text: 'Moving assets', counter: { done: 3, total: 10 } }));

    const loader = screen.getByRole('status', { name: 'Loading' });
    expect(loader).toHaveTextContent('Moving assets');
    expect(loader).toHaveTextContent('3 of 10');

    act(() => uiStore.hideFullScreenLoader());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders the component set in the modal slot until it is cleared', () => {
    const { uiStore } = renderWithProviders(<GlobalUiHosts />);

    act(() => uiStore.setModal(Greeting, { name: 'Maria' }));
    expect(screen.getByText('Hello Maria')).toBeInTheDocument();

    act(() => uiStore.clearModal());
    expect(screen.queryByText('Hello Maria')).not.toBeInTheDocument();
  });

  it('keeps a dialog set in the modal slot open when the dialog that set it closes', async () => {
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
    function Alert() {
      const { clearModal } = useUiStore();
      return (
        <AppDialog open role="alertdialog" dismissible onDismiss={clearModal} title="Alert" footer={null}>
          alert
        </AppDialog>
      );
    }
    const { uiStore } = renderWithProviders(
      <>
        <Opener />
        <GlobalUiHosts />
      </>,
    );
    await screen.findByRole('dialog', { name: 'Detail' });
    act(() => uiStore.setModal(Alert, {}));
    await screen.findByRole('alertdialog', { name: 'Alert' });

    act(() => closeOpener());

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detail' })).not.toBeInTheDocument());
    expect(screen.getByRole('alertdialog', { name: 'Alert' })).toBeInTheDocument();
    expect(uiStore.getState().modal).not.toBeNull();
  });

  it('shows the error banner until the user dismisses it', async () => {
    const { uiStore } = renderWithProviders(<ErrorBannerHost />);
    const user = userEvent.setup();

    act(() => uiStore.showErrorBanner('There has been an error, please try again'));
    expect(screen.getByRole('alert')).toHaveTextContent('There has been an error, please try again');

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an area loader only for its own area', () => {
    const { uiStore } = renderWithProviders(<AreaLoader area="grid" />);

    act(() => uiStore.setLoader('sidebar', true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => uiStore.setLoader('grid', true));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

describe('notices', () => {
  afterEach(() => jest.useRealTimers());

  const renamed = (name: string): NoticeText => ({ key: 'notices.renamed', params: { name } });

  it('close by themselves, later when they offer Undo, and keep at most four', () => {
    jest.useFakeTimers();
    const { uiStore } = renderWithProviders(<GlobalUiHosts />);
    act(() => {
      uiStore.notify({ message: renamed('A') });
      uiStore.notify({ message: renamed('B'), undo: () => undefined });
    });
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual(['Renamed: A', 'Renamed: BUndo']);
    act(() => jest.advanceTimersByTime(NOTICE_MS));
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual(['Renamed: BUndo']);
    act(() => jest.advanceTimersByTime(NOTICE_WITH_UNDO_MS - NOTICE_MS));
    expect(screen.queryAllByRole('status')).toHaveLength(0);

    act(() => ['1', '2', '3', '4', '5'].forEach((name) => uiStore.notify({ message: renamed(name) })));
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual([
      'Renamed: 2',
      'Renamed: 3',
      'Renamed: 4',
      'Renamed: 5',
    ]);
  });

  it('run their Undo once and close when it is clicked', async () => {
    const undo = jest.fn();
    const { uiStore } = renderWithProviders(<GlobalUiHosts />);
    act(() => void uiStore.notify({ message: renamed('A'), undo }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('follow the reader’s language when it changes while they are up (issue 23), nested texts too', async () => {
    await i18n.changeLanguage('it');
    const { uiStore } = renderWithProviders(<GlobalUiHosts />);
    act(
      () =>
        void uiStore.notify({
          message: {
            key: 'notices.uploaded',
            params: { count: 2, folder: { key: 'notices.anotherFolder' } },
          },
        }),
    );
    expect(screen.getByRole('status')).toHaveTextContent("2 file caricati in un'altra cartella");
    await act(async () => void (await i18n.changeLanguage('en')));
    expect(screen.getByRole('status')).toHaveTextContent('2 files uploaded to another folder');
  });
});
