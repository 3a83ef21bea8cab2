import type { JobStory } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/ui/router-link';
import { useLanguage } from '../../i18n/use-language';
import { assetsPhraseParts } from './audit-sentence';

/** A job's assets by name, each name still visible a link that opens its asset's detail. */
export function AssetsPhrase({ assets }: { assets: NonNullable<JobStory['assets']> }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return assetsPhraseParts(t, language, assets).map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      <RouterLink key={i} to="/home" search={{ asset: part.assetId }}>
        {part.text}
      </RouterLink>
    ),
  );
}
