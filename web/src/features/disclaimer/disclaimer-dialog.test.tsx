import { act, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { aDisclaimer } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { DisclaimerDialog, type DisclaimerMode } from './disclaimer-dialog';

beforeEach(() => i18n.changeLanguage('en'));

/**
 * Clicks the backdrop. The dialog listens for outside clicks from a tick after it opens, and turns
 * off pointer events around it, which jsdom cannot hit-test.
 */
async function clickBackdrop() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const backdrop = document.querySelector('[data-scope="dialog"][data-part="backdrop"]');
  if (!backdrop) throw new Error('no dialog backdrop on screen');
  await userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }).click(backdrop);
  // The dialog reacts to outside clicks on the next frame.
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

function renderDialog(mode: DisclaimerMode) {
  const onAccept = jest.fn();
  const onClose = jest.fn();
  renderWithProviders(
    <DisclaimerDialog
      mode={mode}
      disclaimer={aDisclaimer}
      loadFailed={false}
      onAccept={onAccept}
      onClose={onClose}
    />,
  );
  return { onAccept, onClose };
}

describe('disclaimer dialog', () => {
  it('is a dialog named by its version and title, in the interface language', async () => {
    renderDialog('readOnly');
    const dialog = await screen.findByRole('dialog', { name: 'v3 — Terms of use' });
    expect(dialog).toHaveTextContent('English text');
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('fr');
    renderDialog('readOnly');
    expect(await screen.findByRole('dialog', { name: 'v3 — Conditions' })).toHaveTextContent(
      'Texte français',
    );
  });

  describe('read-only', () => {
    it('has no accept button and closes with its close button', async () => {
      const { onClose } = renderDialog('readOnly');
      const user = userEvent.setup();
      await screen.findByRole('dialog');

      expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('closes on a backdrop click', async () => {
      const { onClose } = renderDialog('readOnly');
      await screen.findByRole('dialog');

      await clickBackdrop();

      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it('closes with Escape', async () => {
      const { onClose } = renderDialog('readOnly');
      const user = userEvent.setup();
      await screen.findByRole('dialog');

      await user.keyboard('{Escape}');

      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });

  describe('acceptance required', () => {
    it('accepts with the accept button', async () => {
      const { onAccept, onClose } = renderDialog('required');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'I accept' }));

      expect(onAccept).toHaveBeenCalledTimes(1);
      expect(onClose).not.toHaveBeenCalled();
    });

    it('cannot be dismissed with Escape or a backdrop click', async () => {
      const { onClose } = renderDialog('required');
      const user = userEvent.setup();
      await screen.findByRole('dialog');

      await user.keyboard('{Escape}');
      await clickBackdrop();

      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('says that closing signs out, and closes only through its button', async () => {
      const { onClose } = renderDialog('required');
      const user = userEvent.setup();

      expect(await screen.findByRole('dialog')).toHaveTextContent('Closing it signs you out.');
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });
});
