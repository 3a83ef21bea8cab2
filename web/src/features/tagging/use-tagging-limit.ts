import { LIMITS, exceedsTaggingLimit } from '@paddock/rules';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §5 "at most 200 assets at once" for the smart bar's tagging actions (enrich, tags): the
 * sentence a disabled action says over a larger selection, before any dialog or wizard opens;
 * undefined within the limit.
 */
export function useTaggingLimit(count: number): string | undefined {
  const { t } = useTranslation();
  return exceedsTaggingLimit(count) ? t('tagging.bulk.limit', { max: LIMITS.taggingMaxAssets }) : undefined;
}
