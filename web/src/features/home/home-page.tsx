import { Box, Button, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { E_CODES, type ArchiveSubState, type FolderNode } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Building2, FolderX, Images } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SideColumnToggle, useSideColumnFolded } from '../../components/ui/side-column-toggle';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { useLanguage } from '../../i18n/use-language';
import { AssetDetailModalOnDemand } from '../asset-detail/asset-detail-modal-on-demand';
import { FolderTree, findFolder } from '../assets/folder-tree';
import { forAnotherFolder } from '../assets/listing-search';
import { useFolderPublishActions } from '../internal-share/use-folder-publish-actions';
import { useFolderHoldAction } from '../legal-hold/use-folder-hold-action';
import { resolveView } from '../layout/views-for-session';
import { useSession } from '../session/use-session';
import { ExternalSharesButton } from '../sharing/external-shares-button';
import { AreaLoader } from '../ui/area-loader';
import { InlineError } from '../ui/inline-error';
import { useAreaLoader } from '../ui/use-area-loader';
import {
  archiveSubStateOf,
  DEFAULT_ARCHIVE_SUB_STATE,
  departmentChoices,
  firstFolderToOpen,
} from './archive-tree';
import { ArchiveTabPanel, ArchiveTabs } from './archive-tabs';
import { useChosenDepartment } from './chosen-department';
import { DepartmentChooser } from './department-chooser';
import { RejectedDeliveries } from './rejected-deliveries';
import { FolderListing } from './folder-listing';
import { sideOfRoles } from '../workflow/workflow-folders';
import { FolderMenu } from './folder-menu';
import { TreePanelResizer, useTreeWidth } from './tree-panel-resizer';

const TREE_PANEL_ID = 'home-folder-tree';
const TREE_HEADING_ID = 'home-folder-tree-heading';

const route = getRouteApi('/_authenticated/home');

/** The folders a view-scoped tree holds only for orientation: shown, opened, never selected. */
function contextOf(nodes: readonly FolderNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.context) into.add(node.id);
    contextOf(node.children ?? [], into);
  }
  return into;
}

/**
 * Home (SPEC §2): the view picked in the navigation or the role's default, the folder tree and the
 * listing of the selected folder. Each view's tree holds only its folders, and its first folder opens
 * by itself; in the Archives view, tabs pick the sub-state (shared, department, channels, internal
 * sharing). The view, the folder, the sub-state and the open asset are in the address.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const view = resolveView(session, search.view);
  const [treeWidth, setTreeWidth] = useTreeWidth();
  const [treeFolded, setTreeFolded] = useSideColumnFolded('tree');
  const treeToggle = (
    <SideColumnToggle
      folded={treeFolded}
      onFolded={setTreeFolded}
      controls={TREE_PANEL_ID}
      labels={{ fold: t('home.foldTree'), unfold: t('home.unfoldTree') }}
    />
  );
  // Every folder the user sees finds the one in the address, whichever view it belongs to.
  const allRoots = useQuery(folderTreeQueryOptions(language)).data?.roots;
  const found = findFolder(allRoots ?? [], search.folder);
  const foundSubState = found ? archiveSubStateOf(found.path) : null;
  // The selected folder decides the tab, so a folder opened from the address shows its own sub-state.
  const subState =
    view === 'archives' ? (foundSubState ?? search.archive ?? DEFAULT_ARCHIVE_SUB_STATE) : null;
  // The view's own tree (SPEC §2), from the hub, with the folders above its folders as context.
  const tree = useQuery(folderTreeQueryOptions(language, { view, archiveSubState: subState }));
  useAreaLoader('sidebar', tree.isPending);
  const roots = useMemo(() => tree.data?.roots ?? [], [tree.data]);
  const context = useMemo(() => contextOf(roots), [roots]);
  const selectable = (folder: FolderNode) => !context.has(folder.id);
  const publishing = useFolderPublishActions(found && selectable(found.folder) ? found.folder : null);
  const holding = useFolderHoldAction(found && selectable(found.folder) ? found.folder : null);
  const side = sideOfRoles(session.roles);
  // A supplier working for several departments chooses one on purpose: no folder opens by itself
  // until it has, then each view opens in the department chosen.
  const departments = side === 'supplier' ? departmentChoices(roots, selectable) : [];
  const [chosenDepartment, chooseDepartment] = useChosenDepartment();
  const chosen = departments.find((choice) => choice.rootId === chosenDepartment);
  const mustChooseDepartment = departments.length > 1 && !chosen;
  const firstFolder = mustChooseDepartment
    ? undefined
    : (chosen?.folder ?? firstFolderToOpen(roots, selectable, session.department, side));

  const selectFolder = (folder: FolderNode) => {
    const path = findFolder(allRoots ?? [], folder.id)?.path ?? [folder];
    const archive = archiveSubStateOf(path) ?? undefined;
    // A folder picked in another department, from the chooser or the tree, changes the choice.
    const department = path.find((above) => above.department);
    if (side === 'supplier' && department) chooseDepartment(department.id);
    void navigate({
      search: (previous) => ({
        ...(previous.folder === folder.id ? previous : forAnotherFolder(previous)),
        folder: folder.id,
        asset: undefined,
        ...(subState && archive ? { archive } : {}),
      }),
    });
  };
  const pickSubState = (next: ArchiveSubState) =>
    void navigate({
      search: (previous) => ({
        ...forAnotherFolder(previous),
        archive: next,
        // The open folder stays only if it belongs to the picked sub-state.
        folder: foundSubState === next ? previous.folder : undefined,
        asset: undefined,
      }),
    });
  // A view opens its first folder by itself (an approver meets the assets waiting at her step),
  // replacing the address so Back leaves the view instead of returning to an empty one. An asset
  // opened from elsewhere (a job's row) without its folder shows alone, not in a folder it may not be in.
  const firstId = search.folder || search.asset ? undefined : firstFolder?.id;
  useEffect(() => {
    if (!firstId) return;
    void navigate({
      replace: true,
      search: (previous) => ({ ...previous, folder: firstId, ...(subState ? { archive: subState } : {}) }),
    });
  }, [firstId, navigate, subState]);
  const openAsset = (id: string | undefined) =>
    void navigate({ search: (previous) => ({ ...previous, asset: id }) });
  // A rejected delivery opens in its own work folder, as the listing would open it.
  const openRejected = (folderId: string, assetId: string) =>
    void navigate({
      search: (previous) => ({
        ...(previous.folder === folderId ? previous : forAnotherFolder(previous)),
        folder: folderId,
        asset: assetId,
      }),
    });
  const changeDepartment = () => {
    chooseDepartment(null);
    void navigate({
      search: (previous) => ({ ...forAnotherFolder(previous), folder: undefined, asset: undefined }),
    });
  };
  const emptySubState = subState !== null && tree.isSuccess && roots.length === 0;

  const body = (
    <Flex
      gap={{ base: '4', lg: '0' }}
      direction={{ base: 'column', lg: 'row' }}
      align="stretch"
      flex="1"
      minH="0"
    >
      {treeFolded ? (
        // Folded, the tree leaves a strip with the button that brings it back.
        <Box
          as="aside"
          id={TREE_PANEL_ID}
          aria-label={t('assets.folders')}
          flexShrink={0}
          bg="bg"
          rounded="l3"
          borderWidth="1px"
          p="1"
          me={{ lg: '2' }}
        >
          {treeToggle}
        </Box>
      ) : (
        <Box
          as="aside"
          id={TREE_PANEL_ID}
          aria-labelledby={TREE_HEADING_ID}
          position="relative"
          w={{ base: 'full', lg: `${treeWidth}px` }}
          flexShrink={0}
          bg="bg"
          rounded="l3"
          borderWidth="1px"
          p="2"
          minH="40"
          overflowY="auto"
        >
          {/* The menu sits in its own row so it never covers the first folder's name. */}
          <Flex justify="space-between" align="center" gap="2" ps="2" minH="8">
            <Text id={TREE_HEADING_ID} textStyle="xs" fontWeight="semibold" color="fg.muted" flex="1">
              {t('assets.folders')}
            </Text>
            {found && selectable(found.folder) ? (
              <FolderMenu
                key={found.folder.id}
                folder={found.folder}
                path={found.path}
                session={session}
                extraActions={[...publishing.actions, ...holding]}
                busy={publishing.busy}
                onChanged={(next) =>
                  void navigate({
                    search: (previous) => ({
                      ...(previous.folder === next ? previous : forAnotherFolder(previous)),
                      folder: next,
                      asset: undefined,
                    }),
                  })
                }
              />
            ) : null}
            {treeToggle}
          </Flex>
          {tree.isError ? (
            <InlineError
              message={t(`error.codes.${E_CODES.FOLDER_TREE_FAILED}`)}
              error={tree.error}
              onRetry={() => void tree.refetch()}
              retrying={tree.isFetching}
            />
          ) : roots.length ? (
            <FolderTree
              // A new tab starts with the folders above its own opened, so they are in sight.
              key={`${language}-${subState ?? view}`}
              roots={roots}
              selectedId={search.folder}
              onSelect={selectFolder}
              label={t('assets.folders')}
              isGroupOnly={context.size ? (folder) => !selectable(folder) : undefined}
              initiallyExpanded={context}
            />
          ) : tree.isSuccess ? (
            <Text p="3" color="fg.muted">
              {subState ? t('home.archive.noFolders') : t('assets.noFolders')}
            </Text>
          ) : null}
          <AreaLoader area="sidebar" />
        </Box>
      )}
      {treeFolded ? null : (
        <TreePanelResizer width={treeWidth} onWidth={setTreeWidth} controls={TREE_PANEL_ID} />
      )}
      <Flex
        direction="column"
        flex="1"
        minW="0"
        minH="64"
        position="relative"
        bg="bg"
        rounded="l3"
        borderWidth="1px"
      >
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
            {mustChooseDepartment ? (
              <DepartmentChooser choices={departments} onChoose={selectFolder} />
            ) : emptySubState ? (
              <EmptyState
                icon={<FolderX />}
                title={t(`home.archive.empty.${subState}.title`)}
                description={t(`home.archive.empty.${subState}.description`)}
              />
            ) : (
              <EmptyState
                icon={<Images />}
                title={t('home.emptyTitle')}
                description={t('home.emptyDescription')}
              />
            )}
            {search.asset ? (
              <AssetDetailModalOnDemand
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
          </>
        )}
        <AreaLoader area="grid" />
      </Flex>
    </Flex>
  );

  // The view's name, the archive's tabs beside it, and the shares panel's button: one row on a
  // laptop screen, so the listing keeps the height (at 1280x720 a row of tabs cost a row of tiles).
  const header = (tabs?: ReactNode) => (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <HStack gap="5" wrap="wrap" minW="0">
        <Heading as="h1" size="xl">
          {t(`views.${view}`)}
        </Heading>
        {tabs}
        {chosen && departments.length > 1 ? (
          <Button size="xs" variant="outline" onClick={changeDepartment}>
            <Building2 />
            {t('supplier.chooseDepartment.change', { department: chosen.department })}
          </Button>
        ) : null}
      </HStack>
      <ExternalSharesButton />
    </HStack>
  );

  return (
    <Stack gap="3" data-testid="default-view" data-view={view} flex="1" minH="0">
      {subState ? (
        <Stack data-testid="archive-tabs" data-sub-state={subState} flex="1" minH="0" gap="3">
          {header(<ArchiveTabs value={subState} onPick={pickSubState} />)}
          <ArchiveTabPanel value={subState}>{body}</ArchiveTabPanel>
        </Stack>
      ) : (
        <>
          {header()}
          {side === 'supplier' ? <RejectedDeliveries onOpen={openRejected} /> : null}
          {body}
        </>
      )}
    </Stack>
  );
}
