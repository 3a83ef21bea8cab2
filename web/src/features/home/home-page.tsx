import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { FolderNode } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { useLanguage } from '../../i18n/use-language';
import { AssetDetailModal } from '../asset-detail/asset-detail-modal';
import { FolderTree, findFolder } from '../assets/folder-tree';
import { resolveView } from '../layout/views-for-session';
import { useSession } from '../session/use-session';
import { AreaLoader } from '../ui/area-loader';
import { useAreaLoader } from '../ui/use-area-loader';
import { FolderListing } from './folder-listing';
import { TreePanelResizer, useTreeWidth } from './tree-panel-resizer';

const TREE_PANEL_ID = 'home-folder-tree';

const route = getRouteApi('/_authenticated/home');

/**
 * Home (SPEC §2): the view picked in the navigation or the role's default, the folder tree and the
 * listing of the selected folder. The folder and the open asset are in the address.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const view = resolveView(session, search.view);
  const [treeWidth, setTreeWidth] = useTreeWidth();
  const tree = useQuery(folderTreeQueryOptions(language));
  useAreaLoader('sidebar', tree.isPending);
  const roots = tree.data?.roots ?? [];
  const found = findFolder(roots, search.folder);

  const selectFolder = (folder: FolderNode) =>
    void navigate({ search: (previous) => ({ ...previous, folder: folder.id, asset: undefined }) });
  const openAsset = (id: string | undefined) =>
    void navigate({ search: (previous) => ({ ...previous, asset: id }) });

  return (
    <Stack gap="4" data-testid="default-view" data-view={view}>
      <Heading as="h1" size="2xl">
        {t(`views.${view}`)}
      </Heading>
      <Flex gap={{ base: '4', lg: '0' }} direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Box
          as="aside"
          id={TREE_PANEL_ID}
          aria-label={t('assets.folders')}
          position="relative"
          w={{ base: 'full', lg: `${treeWidth}px` }}
          flexShrink={0}
          bg="bg"
          rounded="l3"
          borderWidth="1px"
          p="2"
          minH="40"
          maxH={{ lg: 'calc(100dvh - 14rem)' }}
          overflowY="auto"
        >
          {tree.isError ? (
            <Text role="alert" p="3" color="fg.error">
              {t('assets.treeFailed')}
            </Text>
          ) : roots.length ? (
            <FolderTree
              key={language}
              roots={roots}
              selectedId={search.folder}
              onSelect={selectFolder}
              label={t('assets.folders')}
            />
          ) : tree.isSuccess ? (
            <Text p="3" color="fg.muted">
              {t('assets.noFolders')}
            </Text>
          ) : null}
          <AreaLoader area="sidebar" />
        </Box>
        <TreePanelResizer width={treeWidth} onWidth={setTreeWidth} controls={TREE_PANEL_ID} />
        <Box flex="1" minW="0" position="relative" bg="bg" rounded="l3" borderWidth="1px" minH="64">
          {found ? (
            <FolderListing
              key={found.folder.id}
              folder={found.folder}
              depth={found.depth}
              path={found.path}
              view={view}
              openAssetId={search.asset}
              onOpenAsset={openAsset}
            />
          ) : (
            <>
              <EmptyState
                icon={<Images />}
                title={t('home.emptyTitle')}
                description={t('home.emptyDescription')}
              />
              {search.asset ? (
                <AssetDetailModal
                  assetId={search.asset}
                  resultIds={[search.asset]}
                  hasMore={false}
                  loadMore={() => Promise.resolve([search.asset ?? ''])}
                  selected={false}
                  onToggleSelected={() => undefined}
                  onNavigate={openAsset}
                  onClose={() => openAsset(undefined)}
                />
              ) : null}
              {roots.length && !search.folder ? (
                <Box textAlign="center" pb="6">
                  <Button variant="outline" size="sm" onClick={() => selectFolder(roots[0]!)}>
                    {t('assets.openFirstFolder', { folder: roots[0]!.name })}
                  </Button>
                </Box>
              ) : null}
            </>
          )}
          <AreaLoader area="grid" />
        </Box>
      </Flex>
    </Stack>
  );
}
