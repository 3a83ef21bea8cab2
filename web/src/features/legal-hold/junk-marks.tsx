import { Badge, HStack, Text, VisuallyHidden, type StackProps } from '@chakra-ui/react';
import { LIMITS, type AssetSummary } from '@paddock/rules';
import { CalendarX2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../assets/format';

/**
 * A junk card's mark of the legal holds that keep it from the purge: "Held: <reason>" (the first
 * hold's, with how many more), every reason in its title. Solid over a thumbnail, subtle in a row.
 */
export function HeldMark({
  reasons,
  overlay = false,
}: {
  reasons: AssetSummary['holdReasons'];
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  if (!reasons?.length) return null;
  const [first, ...more] = reasons;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette="red"
      gap="1"
      maxW="full"
      minW="0"
      shadow={overlay ? 'sm' : undefined}
      title={reasons.join(' · ')}
      data-testid="held-mark"
    >
      <Lock size={10} aria-hidden style={{ flexShrink: 0 }} />
      <Text as="span" truncate>
        {more.length
          ? t('legalHold.card.heldMore', { reason: first, count: more.length })
          : t('legalHold.card.held', { reason: first })}
      </Text>
    </Badge>
  );
}

/**
 * When the nightly purge may delete a junk card's asset for good: 30 days after its deletion (SPEC
 * §9). The date whole beside an icon (a card is narrow), its meaning named for assistive technology
 * and in the title.
 */
export function PurgeDue({ asset, ...stack }: { asset: AssetSummary } & StackProps) {
  const { t } = useTranslation();
  if (!asset.purgeDueAt) return null;
  const date = formatDate(asset.purgeDueAt);
  return (
    <HStack
      as="span"
      gap="1"
      minW="0"
      title={t(asset.holdReasons?.length ? 'legalHold.card.purgeHeld' : 'legalHold.card.purgeDueTitle', {
        date,
        days: LIMITS.junkRetentionDays,
      })}
      data-testid="purge-due"
      {...stack}
    >
      <CalendarX2 size={12} aria-hidden style={{ flexShrink: 0 }} />
      <VisuallyHidden>{t('legalHold.card.purgeLabel')} </VisuallyHidden>
      <Text as="span" truncate>
        {date}
      </Text>
    </HStack>
  );
}
