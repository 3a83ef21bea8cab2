import { screen } from '@testing-library/react';
import { fakeHub, hubError } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { request } from '../../api/http';
import { i18n } from '../../i18n/i18n';
import { InlineError } from './inline-error';

beforeEach(() => i18n.changeLanguage('en'));

describe('inline error', () => {
  it('shows a code the web does not know as the hub sent it', async () => {
    fakeHub({ 'GET /api/a': hubError(409, 'BRAND_NEW_REFUSAL') });
    const error: unknown = await request('/api/a').catch((reason: unknown) => reason);

    renderWithProviders(<InlineError message="The folder could not be loaded" error={error} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The folder could not be loaded');
    expect(alert).toHaveTextContent('Error code: BRAND_NEW_REFUSAL');
  });
});
