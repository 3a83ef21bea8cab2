import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { fakeHub, hubError, ok } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { DownloadDialog } from './download-dialog';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DownloadDialog', () => {
  it('warns when a chosen size exceeds the original, then prepares the ZIP and downloads it by link', async () => {
    const calls = fakeHub({ 'POST /api/downloads': ok({ downloadId: 'd-1' }) });
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const onClose = jest.fn();
    renderWithProviders(
      <DownloadDialog
        assetIds={['a-1']}
        single={{ type: 'IMAGE', width: 800, height: 600 }}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByText(/larger than the original/)).toBeNull();
    await user.click(await screen.findByText('Fits within 1920 × 1080'));
    expect(
      await screen.findByText('1920 × 1080 is larger than the original (800 × 600): it will be left out.'),
    ).toBeVisible();
    await user.click(screen.getByText('Fits within 640 × 480'));
    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/downloads')?.body).toEqual({
      contentIds: ['a-1'],
      images: ['original', '1920x1080', '640x480'],
      videos: [],
      // The ZIP's entries are named in the interface language.
      lang: 'en',
    });
    expect(clicked).toEqual(['/api/downloads/d-1']);
    click.mockRestore();
  });

  it('cannot download without any resolution', async () => {
    fakeHub({});
    renderWithProviders(<DownloadDialog assetIds={['a-1', 'a-2']} onClose={jest.fn()} />);
    const user = userEvent.setup();
    for (const original of await screen.findAllByText('Original')) await user.click(original);
    expect(screen.getByText('Choose at least one resolution.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('sends the folder it was opened in, and says so in the dialog when the hub refuses the download there', async () => {
    const calls = fakeHub({ 'POST /api/downloads': hubError(403, 'DOWNLOAD_NOT_ALLOWED') });
    const onClose = jest.fn();
    renderWithProviders(<DownloadDialog assetIds={['a-1', 'a-2']} folderId="f-step1" onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download' }));

    expect(
      await screen.findByText(
        /Some of the 2 assets cannot be downloaded from here: downloads are allowed in archives/,
      ),
    ).toBeVisible();
    expect(calls.find((c) => c.path === '/api/downloads')?.body).toMatchObject({ folderId: 'f-step1' });
    // The dialog stays open: nothing was prepared, the user may pick other assets.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says in the dialog that the view is stale when an asset is no longer in the folder (409)', async () => {
    fakeHub({ 'POST /api/downloads': hubError(409, 'DOWNLOAD_NOT_IN_FOLDER') });
    renderWithProviders(<DownloadDialog assetIds={['a-1']} folderId="f-archive" onClose={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download' }));

    expect(await screen.findByText(/an asset is no longer in this folder\. Refresh the view/)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
