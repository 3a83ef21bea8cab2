import { Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { AssetSummary } from '@paddock/rules';
import { Tags, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { folderQueryOptions } from '../../api/assets.queries';
import { useLanguage } from '../../i18n/use-language';
import { DownloadButton } from '../downloads/download-button';
import { useOpenWizard } from '../enrichment/use-open-wizard';
import { InternalShareButton } from '../internal-share/internal-share-button';
import { BulkTagButton } from '../tagging/bulk-tag-button';
import { useSession } from '../session/use-session';
import { ExternalShareButton } from '../sharing/external-share-button';
import { ThumbnailButton } from './thumbnail-dialog';
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

/** The bar of SPEC §2 that appears while several assets are selected, with the bulk workflow actions. */
export function SmartBar({ selectedIds, folderId, items, onClear }: SmartBarProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const session = useSession();
  const count = selectedIds.size;
  const folder = useQuery({ ...folderQueryOptions(folderId, language), enabled: count > 0 });
  const openWizard = useOpenWizard();
  const flow = useWorkflowFlow({
    folderId,
    place: folder.data?.place,
    contentIds: [...selectedIds],
    onFinished: onClear,
  });
  if (count === 0 && flow.progress === null) return null;
  const actions = visibleFlowActions(folder.data?.actions, folder.data?.place, session.roles);
  return (
    // It lies over the toolbar while there is a selection (as mail and photo apps do), in one row
    // that scrolls sideways when narrow: appearing on the first click of a double-click must
    // neither move the cards nor cover them.
    <HStack
      role="region"
      aria-label={t('assets.selection.bar')}
      position="absolute"
      top="3"
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
      <HStack gap="2" wrap="nowrap" flex="none">
        <WorkflowButtons
          actions={actions}
          place={folder.data?.place}
          disabled={flow.busy || count === 0}
          onStart={flow.start}
          label={t('workflow.buttons.bulkLabel')}
        />
        {folder.data?.actions?.tag ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => openWizard(folderId, [...selectedIds])}
            disabled={flow.busy}
          >
            <Tags />
            {t('enrichment.open')}
          </Button>
        ) : null}
        {folder.data?.actions?.tag ? (
          <BulkTagButton contentIds={[...selectedIds]} folderId={folderId} />
        ) : null}
        <ThumbnailButton selectedIds={selectedIds} items={items} />
        <DownloadButton assetIds={[...selectedIds]} folderId={folderId} />
        {folder.data?.actions?.share ? (
          <ExternalShareButton
            assetIds={[...selectedIds]}
            folderId={folderId}
            disabled={flow.busy || count === 0}
          />
        ) : null}
        {folder.data?.actions?.share ? (
          <InternalShareButton assetIds={[...selectedIds]} folderId={folderId} />
        ) : null}
        <Button size="sm" variant="ghost" onClick={onClear} disabled={flow.busy}>
          <X />
          {t('assets.selection.clear')}
        </Button>
      </HStack>
      {flow.dialogs}
    </HStack>
  );
}
