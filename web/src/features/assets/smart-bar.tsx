import { HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { E_CODES, mayManageLegalHolds, type AssetSummary } from '@paddock/rules';
import { ClipboardPen, FolderHeart, FolderSymlink, Images, Lock, Share2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { folderQueryOptions } from '../../api/assets.queries';
import { BarButton } from '../../components/ui/bar-button';
import { MoreMenu, type MoreMenuItem } from '../../components/ui/more-menu';
import { useLabelsFit } from '../../components/ui/use-labels-fit';
import { useLanguage } from '../../i18n/use-language';
import { DownloadButton } from '../downloads/download-button';
import { useOpenWizard } from '../enrichment/use-open-wizard';
import { useInternalShare } from '../internal-share/internal-share-button';
import { useLegalHoldDialogs } from '../legal-hold/use-legal-hold-dialogs';
import { BulkMetadataButton } from '../tagging/bulk-metadata-button';
import { BulkTagButton } from '../tagging/bulk-tag-button';
import { useTaggingLimit } from '../tagging/use-tagging-limit';
import { useSession } from '../session/use-session';
import { ExternalShareDialogOnDemand } from '../sharing/external-share-dialog-on-demand';
import { previewOf, ThumbnailDialog } from './thumbnail-dialog';
import { InlineError } from '../ui/inline-error';
import { onDemand } from '../ui/on-demand';
import { useUiStore } from '../ui/ui-store-context';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { useWorkflowFlow } from '../workflow/use-workflow-flow';
import { visibleFlowActions } from '../workflow/workflow-actions';
import { WorkflowButtons } from '../workflow/workflow-buttons';

export interface SmartBarProps {
  /** The selected assets, in selection order. */
  selectedIds: ReadonlySet<string>;
  /** The listing's folder: its place and SPEC §6 actions decide the bulk actions offered. */
  folderId: string;
  /** The listing's assets, for the thumbnail preview of the selection. */
  items: readonly AssetSummary[];
  onClear(): void;
}

/**
 * The bar of SPEC §2 that appears while several assets are selected, with the bulk actions: the
 * frequent ones as buttons (workflow, enrich, tags and metadata, download, clear), the rarer ones in its
 * "More" menu (preview, external and internal share). Where the labelled row is wider than the
 * bar (Italian at 1280 px) the buttons show only their icons, named and titled by their labels: a
 * daily user keeps every action one click away, in the same place, rather than some of them
 * moving into the menu depending on the language and the window.
 */
// Collections (docs/saved-searches.md) come when first used.
const AddToCollectionDialog = onDemand(() =>
  import('../saved-searches/add-to-collection-dialog').then((m) => m.AddToCollectionDialog),
);

/** The bar's buttons in the order they give up their labels when the row does not fit. */
const LABEL_ORDER = ['clear', 'more', 'download', 'metadata', 'tags', 'enrich', 'workflow'] as const;

export function SmartBar({ selectedIds, folderId, items, onClear }: SmartBarProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const count = selectedIds.size;
  const ids = [...selectedIds];
  const folder = useQuery({ ...folderQueryOptions(folderId, language), enabled: count > 0 });
  const openWizard = useOpenWizard();
  const flow = useWorkflowFlow({
    folderId,
    place: folder.data?.place,
    contentIds: ids,
    onFinished: onClear,
  });
  const internalShare = useInternalShare({ assetIds: ids, folderId });
  const [dialog, setDialog] = useState<'thumbnails' | 'externalShare' | null>(null);
  const ui = useUiStore();
  const taggingLimit = useTaggingLimit(count);
  const holds = useLegalHoldDialogs();
  // Labels go first where an icon says enough (clear, more), the workflow's last.
  const { ref, stage } = useLabelsFit(LABEL_ORDER.length);
  const iconOnly = (button: (typeof LABEL_ORDER)[number]) => stage > LABEL_ORDER.indexOf(button);
  if (count === 0 && flow.progress === null) return null;
  const actions = visibleFlowActions(folder.data?.actions, folder.data?.place, session.roles);
  const closeDialog = () => setDialog(null);
  const more: MoreMenuItem[] = [
    {
      value: 'thumbnails',
      label: t('assets.thumbnails.open'),
      icon: Images,
      disabled: count === 0,
      onSelect: () => setDialog('thumbnails'),
    },
  ];
  if (folder.data?.actions?.share)
    more.push(
      {
        value: 'externalShare',
        label: t('sharing.action'),
        icon: Share2,
        disabled: flow.busy || count === 0,
        onSelect: () => setDialog('externalShare'),
      },
      {
        value: 'internalShare',
        label: t('internalShare.action'),
        icon: FolderSymlink,
        disabled: internalShare.disabled,
        onSelect: internalShare.open,
      },
    );
  // Any user keeps the selection in a collection, across folders (docs/saved-searches.md).
  more.push({
    value: 'collection',
    label: t('savedSearches.collections.action'),
    icon: FolderHeart,
    disabled: count === 0,
    // In the window's modal slot: it stays open when the selection bar goes.
    onSelect: () =>
      ui.setModal(AddToCollectionDialog, { assetIds: [...ids], onClose: () => ui.clearModal() }),
  });
  // Administrators hold the selection from deletion (docs/legal-hold.md), wherever it is listed.
  if (mayManageLegalHolds(session))
    more.push({
      value: 'legalHold',
      label: t('legalHold.place.action'),
      icon: Lock,
      disabled: count === 0,
      onSelect: () =>
        holds.place({ scope: 'asset', targetIds: ids, title: t('legalHold.place.title.assets', { count }) }),
    });
  return (
    // It floats at the listing's foot (as file and photo apps do), in one row: appearing on the
    // first click of a double-click must not move the cards, and the toolbar, the count and the
    // upload stay usable with a selection; the grid keeps SMART_BAR_ROOM below its last row so
    // the bar hides no asset. It scrolls sideways only where even the icons do not fit.
    <HStack
      ref={ref}
      role="region"
      aria-label={t('assets.selection.bar')}
      position="absolute"
      bottom="3"
      insetX="3"
      zIndex="docked"
      shadow="lg"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="l2"
      px="4"
      py="2"
      justify="space-between"
      wrap="nowrap"
      overflowX="auto"
      gap="2"
    >
      <Text fontWeight="medium" aria-live="polite" flex="none" whiteSpace="nowrap">
        {t('assets.selection.count', { count })}
      </Text>
      <JobProgressBar progress={flow.progress} />
      {folder.isError ? (
        // Without its folder the bar cannot tell which bulk actions SPEC §6 allows here: it says so.
        <InlineError
          message={t(`error.codes.${E_CODES.FOLDER_FAILED}`)}
          error={folder.error}
          onRetry={() => void folder.refetch()}
          retrying={folder.isFetching}
        />
      ) : null}
      <HStack gap="2" wrap="nowrap" flex="none">
        <WorkflowButtons
          actions={actions}
          place={folder.data?.place}
          disabled={flow.busy || count === 0}
          onStart={flow.start}
          label={t('workflow.buttons.bulkLabel')}
          iconOnly={iconOnly('workflow')}
        />
        {folder.data?.actions?.tag ? (
          <BarButton
            variant="outline"
            icon={<ClipboardPen />}
            label={t('enrichment.open')}
            iconOnly={iconOnly('enrich')}
            onClick={() => openWizard(folderId, ids)}
            disabled={flow.busy || taggingLimit !== undefined}
            title={taggingLimit}
          />
        ) : null}
        {folder.data?.actions?.tag ? (
          <BulkTagButton contentIds={ids} folderId={folderId} iconOnly={iconOnly('tags')} />
        ) : null}
        {folder.data?.actions?.tag ? (
          <BulkMetadataButton contentIds={ids} folderId={folderId} iconOnly={iconOnly('metadata')} />
        ) : null}
        <DownloadButton assetIds={ids} folderId={folderId} iconOnly={iconOnly('download')} />
        <MoreMenu label={t('assets.selection.more')} items={more} iconOnly={iconOnly('more')} />
        <BarButton
          variant="ghost"
          icon={<X />}
          label={t('assets.selection.clear')}
          iconOnly={iconOnly('clear')}
          onClick={onClear}
          disabled={flow.busy}
        />
      </HStack>
      {flow.dialogs}
      {internalShare.dialog}
      {dialog === 'thumbnails' ? (
        <ThumbnailDialog assets={previewOf(selectedIds, items)} total={count} onClose={closeDialog} />
      ) : null}
      {dialog === 'externalShare' ? (
        <ExternalShareDialogOnDemand
          assetIds={ids}
          folderId={folderId}
          imageIds={items
            .filter((item) => item.type === 'IMAGE' && selectedIds.has(item.id))
            .map((item) => item.id)}
          onClose={closeDialog}
        />
      ) : null}
    </HStack>
  );
}
