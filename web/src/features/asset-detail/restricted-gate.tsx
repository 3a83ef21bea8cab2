import { Alert, Button, Stack } from '@chakra-ui/react';
import type { AssetRestriction } from '@paddock/rules';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §2: an embargoed asset, or one whose copyright has expired, shows a warning in place of its
 * preview until the user asks to see it anyway (the choice lasts while this asset is open).
 */
export function RestrictedGate({
  restriction,
  children,
}: {
  restriction: AssetRestriction;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (!restriction.restricted || shown) return <>{children}</>;
  const reasons = [
    ...(restriction.embargoActive ? [t('assetDetail.restricted.embargo')] : []),
    ...(restriction.copyrightExpired ? [t('assetDetail.restricted.copyrightExpired')] : []),
  ];
  return (
    <Alert.Root status="warning" alignItems="flex-start" role="alert">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Content>
          <Alert.Title>{t('assetDetail.restricted.title')}</Alert.Title>
          <Alert.Description>{reasons.join(' ')}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setShown(true)}>
          {t('assetDetail.restricted.showAnyway')}
        </Button>
      </Stack>
    </Alert.Root>
  );
}
