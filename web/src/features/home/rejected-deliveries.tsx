import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { rejectedDeliveriesQueryOptions } from '../../api/counts.queries';
import { useLanguage } from '../../i18n/use-language';
import { findFolder } from '../assets/folder-tree';

interface RejectedDeliveriesProps {
  /** Opens the asset in its work folder. */
  onOpen(folderId: string, assetId: string): void;
}

/**
 * A supplier's notice of what came back rejected and why (issue 23): each asset, its department
 * and the approver's note, in the reader's language, until a new version answers it.
 */
export function RejectedDeliveries({ onOpen }: RejectedDeliveriesProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const items = useQuery(rejectedDeliveriesQueryOptions(language)).data?.items ?? [];
  const roots = useQuery(folderTreeQueryOptions(language)).data?.roots ?? [];
  if (!items.length) return null;
  return (
    <Alert.Root
      status="warning"
      role="region"
      aria-label={t('supplier.rejections.title', { count: items.length })}
    >
      <Alert.Indicator />
      <Alert.Content gap="1" minW="0">
        <Alert.Title>{t('supplier.rejections.title', { count: items.length })}</Alert.Title>
        <Alert.Description>
          <Text>{t('supplier.rejections.intro')}</Text>
          {/* A long list scrolls inside the notice, so the listing keeps its rows. */}
          <Box as="ul" listStyleType="none" m="0" mt="1" maxH="32" overflowY="auto">
            {items.map((item) => {
              const department = findFolder(roots, item.folderId)?.path[0]?.department;
              const by = item.rejectedBy ?? '—';
              return (
                <HStack as="li" key={item.id} gap="3" py="1" align="start" data-testid="rejected-delivery">
                  <Button
                    size="xs"
                    variant="outline"
                    flexShrink={0}
                    aria-label={t('supplier.rejections.open', { name: item.name })}
                    onClick={() => onOpen(item.folderId, item.id)}
                  >
                    {item.name}
                  </Button>
                  <Stack gap="0" minW="0">
                    <Text>
                      {item.note
                        ? t('supplier.rejections.why', { by, note: item.note })
                        : t('supplier.rejections.whyNoNote', { by })}
                    </Text>
                    {department ? (
                      <Text color="fg.muted" fontSize="xs">
                        {t('supplier.rejections.where', { department })}
                      </Text>
                    ) : null}
                  </Stack>
                </HStack>
              );
            })}
          </Box>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
