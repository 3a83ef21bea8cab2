import { LANGUAGES, type Language } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import { useLanguage } from '../../i18n/use-language';

interface LanguageSelectProps {
  size?: 'xs' | 'sm' | 'md';
  /** Names the select when no visible label does. */
  withAriaLabel?: boolean;
  onChanged?: (language: Language) => void;
}

/** Switches the interface language at once (SPEC §2 Login: language choice). */
export function LanguageSelect({ size, withAriaLabel, onChanged }: LanguageSelectProps) {
  const { t } = useTranslation();
  const [language, changeLanguage] = useLanguage();
  return (
    <Select
      size={size}
      aria-label={withAriaLabel ? t('language.label') : undefined}
      value={language}
      options={LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
      onChange={async (picked) => {
        await changeLanguage(picked);
        onChanged?.(picked);
      }}
    />
  );
}
