import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { EMPTY_DRAWING } from './drawing';
import { RejectPanel } from './reject-panel';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

function panel() {
  const onConfirm = jest.fn();
  renderWithProviders(
    <RejectPanel
      drawing={EMPTY_DRAWING}
      onDrawing={jest.fn()}
      color="#e11d48"
      onColor={jest.fn()}
      submitting={false}
      onConfirm={onConfirm}
      onCancel={jest.fn()}
    />,
  );
  return onConfirm;
}

describe('the rejection note (SPEC §5 Latin-1)', () => {
  it('sends typographic punctuation as its Latin-1 equivalent', async () => {
    const onConfirm = panel();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), 'L’immagine è “troppo” scura – rifare…');
    await user.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(onConfirm).toHaveBeenCalledWith(
      expect.objectContaining({ note: `L'immagine è "troppo" scura - rifare...` }),
    );
  });

  it('names the characters that have no Latin-1 form, in the interface language', async () => {
    await i18n.changeLanguage('fr');
    const onConfirm = panel();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), 'Neige ☃ d’hiver ☃');
    await user.click(screen.getByRole('button', { name: 'Confirmer le refus' }));
    expect(screen.getByText('La note contient des caractères impossibles à enregistrer : ☃')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
