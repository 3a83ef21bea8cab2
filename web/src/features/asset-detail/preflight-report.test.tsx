import {
  DEFAULT_PREFLIGHT_RULES,
  evaluatePreflight,
  type AssetPreflight,
  type Language,
} from '@paddock/rules';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { PreflightReport } from './preflight-report';

withFreshBrowserInEnglish();

/** A 900×600 photo with a VIN misread in its name, judged by the default rules as the job does. */
function report(): AssetPreflight {
  const judged = evaluatePreflight(DEFAULT_PREFLIGHT_RULES, {
    assetType: 'IMAGE',
    format: { value: 'jpeg' },
    dimensions: { value: { width: 900, height: 600 } },
    colour: { value: { space: 'srgb', iccProfile: true } },
    exactDuplicates: { value: [] },
    nearDuplicates: { unknown: 'toolFailed', tool: 'sharp' },
    vins: { value: ['ZFA31200000123456'] },
  });
  return { ...judged, version: 2, checkedAt: '2026-11-29T10:00:00.000Z', gates: true };
}

const EXPECTED: Record<Language, { verdict: string; reasons: string[]; passed: RegExp }> = {
  en: {
    verdict: 'Blocked',
    reasons: [
      'BlockMinimum shorter sideShorter side: 600 px (required: at least 1,080 px)',
      'WarnMinimum resolution (megapixels)Resolution: 0.5 MP (required: at least 12 MP)',
      'Not checkedSimilar picture already archivedNot checked: sharp could not read the file.',
      'WarnVIN check digitVINs with a wrong check digit: 1 (common on European VINs: please re-read them)',
    ],
    passed: /^Passed \(3\): File format, Colour space and ICC profile, Identical file already archived$/,
  },
  it: {
    verdict: 'Bloccato',
    reasons: ['Blocca', 'almeno 1080 px'],
    passed: /^Superati \(3\): /,
  },
  fr: {
    verdict: 'Bloqué',
    // French groups thousands with a narrow no-break space.
    reasons: ['Bloquer', 'au moins 1\u202f080 px'],
    passed: /^Réussis \(3\) : /,
  },
};

describe("an asset's pre-flight (issue 27)", () => {
  it.each(['en', 'it', 'fr'] as const)(
    'says the verdict, then each reason with the measured and the asked value, in %s',
    async (language) => {
      await act(() => i18n.changeLanguage(language));
      renderWithProviders(<PreflightReport preflight={report()} />);
      const expected = EXPECTED[language];
      const section = screen.getByRole('heading', { level: 3 }).parentElement!.parentElement!;
      expect(within(section).getByText(expected.verdict)).toBeInTheDocument();
      const items = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(items).toHaveLength(4);
      if (language === 'en') expect(items.map((item) => item.textContent)).toEqual(expected.reasons);
      else for (const part of expected.reasons) expect(items[0]!.textContent).toContain(part);
      expect(screen.getByText(expected.passed)).toBeInTheDocument();
    },
  );

  it('shows only the verdict and the checks when everything passed', () => {
    const all = report();
    const passing = {
      ...all,
      verdict: 'pass' as const,
      results: all.results.map((r) => ({ ...r, outcome: 'pass' as const })),
    };
    renderWithProviders(<PreflightReport preflight={passing} />);
    expect(screen.getByText('Passed')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText(/^Passed \(7\): /)).toBeInTheDocument();
  });

  it('says a report is advice where nothing waited for it (an upload outside the workflow)', () => {
    const advice = renderWithProviders(<PreflightReport preflight={{ ...report(), gates: false }} />);
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(screen.getByText(/^Advice only: this upload does not go through approval/)).toBeInTheDocument();
    advice.unmount();
    renderWithProviders(<PreflightReport preflight={report()} />);
    expect(screen.queryByText(/^Advice only/)).not.toBeInTheDocument();
  });
});
