import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { fakeHub, ok } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { DownloadButton } from './download-button';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DownloadButton', () => {
  it('asks the download in the folder the asset is looked at, so the hub applies SPEC §6 there', async () => {
    const calls = fakeHub({ 'POST /api/downloads': ok({ downloadId: 'd-1' }) });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<DownloadButton assetIds={['a-1']} folderId="f-archive" />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/downloads')?.body).toMatchObject({
        contentIds: ['a-1'],
        folderId: 'f-archive',
      }),
    );
    click.mockRestore();
  });
});
