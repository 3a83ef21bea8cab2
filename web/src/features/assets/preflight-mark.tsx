import type { AssetSummary } from '@paddock/rules';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardMark } from './card-mark';

/**
 * The card's mark of a version whose pre-flight warned or blocked (issue 27): the approver sees
 * which deliveries to look at closely, the supplier which one did not go to approval. The reasons
 * are on the detail. A short word on the card (it shares a thumbnail's width), the verdict in full
 * in its title.
 */
export function PreflightMark({
  verdict,
  overlay = false,
}: {
  verdict: AssetSummary['preflightVerdict'];
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  if (!verdict) return null;
  return (
    <CardMark
      icon={ShieldAlert}
      palette={verdict === 'block' ? 'red' : 'orange'}
      overlay={overlay}
      title={t('preflight.verdictOf', { verdict: t(`preflight.verdicts.${verdict}`) })}
    >
      {t(`preflight.card.${verdict}`)}
    </CardMark>
  );
}
