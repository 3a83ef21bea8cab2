import { act, screen } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { PreflightMark } from './preflight-mark';

withFreshBrowserInEnglish();

describe("a card's pre-flight mark (issue 27)", () => {
  it.each([
    ['en', 'block', 'Blocked', 'Pre-flight check: Blocked'],
    ['it', 'warn', 'Avvisi', 'Controllo preliminare: Con avvisi'],
    ['fr', 'warn', 'Avertissements', 'Contrôle préalable : Avec avertissements'],
  ] as const)('names the verdict in %s (%s)', async (language, verdict, text, title) => {
    await act(() => i18n.changeLanguage(language));
    renderWithProviders(<PreflightMark verdict={verdict} />);
    expect(screen.getByText(text)).toHaveAttribute('title', title);
  });

  it('marks nothing when the version passed or was not checked', () => {
    const { container } = renderWithProviders(<PreflightMark verdict={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
