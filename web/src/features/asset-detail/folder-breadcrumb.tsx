import { Breadcrumb, Flex, Text } from '@chakra-ui/react';
import { E_CODES } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { folderQueryOptions } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { InlineError } from '../ui/inline-error';

/**
 * The folder path of the detail modal (SPEC §2: archives, enrichment and supplier views), as the
 * hub names it (GET /api/folders/:id, the same look-up the folder's own actions use). When the
 * look-up fails (SPEC §8 E028) the failure stands where the path would be, with a Retry: the rest
 * of the detail stays usable.
 */
export function FolderBreadcrumb({ folderId }: { folderId: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const folder = useQuery(folderQueryOptions(folderId, language));
  if (folder.isError)
    return (
      <Flex mb="4" direction="column">
        <InlineError
          message={t(`error.codes.${E_CODES.BREADCRUMB_FAILED}`)}
          error={folder.error}
          onRetry={() => void folder.refetch()}
          retrying={folder.isFetching}
        />
      </Flex>
    );
  const path = folder.data?.path ?? [];
  if (!path.length) return null;
  return (
    <Breadcrumb.Root mb="4" aria-label={t('assetDetail.breadcrumb')}>
      <Breadcrumb.List>
        {path.map((step, index) => (
          <Flex key={step.id} as="span" align="center" gap="1.5">
            {index > 0 ? <Breadcrumb.Separator /> : null}
            <Breadcrumb.Item>
              {index === path.length - 1 ? (
                <Breadcrumb.CurrentLink>{step.name}</Breadcrumb.CurrentLink>
              ) : (
                <Text as="span">{step.name}</Text>
              )}
            </Breadcrumb.Item>
          </Flex>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
