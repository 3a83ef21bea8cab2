import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  IconButton,
  Portal,
  Spinner,
  Stack,
} from '@chakra-ui/react';
import {
  carriedRejectionOf,
  checklistProgress,
  strokesOfRegions,
  type AssetSummary,
  type DrawingDocument,
} from '@paddock/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Tags } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { assetDetailQueryOptions } from '../../api/assets.queries';
import { versionImageUrl } from '../../api/workflow.api';
import { assetInFolderQueryOptions } from '../../api/workflow.queries';
import { useLanguage } from '../../i18n/use-language';
import { displayName } from '../assets/format';
import { DownloadButton } from '../downloads/download-button';
import { useOpenWizard } from '../enrichment/use-open-wizard';
import { InternalShareButton } from '../internal-share/internal-share-button';
import { AssetHolds } from '../legal-hold/asset-holds';
import { HeldMark } from '../legal-hold/junk-marks';
import { AssetPlates } from '../plates/asset-plates';
import { useSession } from '../session/use-session';
import { ExternalShareButton } from '../sharing/external-share-button';
import { VersionUpload } from '../uploads/version-upload';
import { CarriedRejectionSummary } from '../version-compare/carried-rejection-summary';
import { useChecklistMark } from '../version-compare/use-checklist-mark';
import { onDemand } from '../ui/on-demand';
import { EMPTY_DRAWING, PEN_COLORS, addStroke, storedDrawing } from '../workflow/drawing';
import { DrawingLayer, DrawingThumbnail } from '../workflow/drawing-layer';
import { JobProgressBar } from '../workflow/job-progress-bar';
import { RejectPanel } from '../workflow/reject-panel';
import { useWorkflowFlow, type FlowAction } from '../workflow/use-workflow-flow';
import { visibleFlowActions } from '../workflow/workflow-actions';
import { WorkflowButtons } from '../workflow/workflow-buttons';
import { WorkflowInfo } from '../workflow/workflow-info';
import { DialogSidePanel } from '../ui/dialog-side-panel';
import { InlineError } from '../ui/inline-error';
import { AssetInfo } from './asset-info';
import { FolderBreadcrumb } from './folder-breadcrumb';
import { AssetPreview } from './asset-preview';
import { ResultThumbnails } from './result-thumbnails';
import { useResultStepper } from './use-result-stepper';
import { RenameField } from './rename-field';
import { RestrictedGate } from './restricted-gate';

const CompareView = onDemand(() =>
  import('../version-compare/compare-view').then((module) => module.CompareView),
);

export interface AssetDetailModalProps {
  assetId: string;
  /** The current result list, in order, as far as it is loaded. */
  resultIds: readonly string[];
  hasMore: boolean;
  /** Loads the next page and resolves with the longer result list. */
  loadMore(): Promise<readonly string[]>;
  selected: boolean;
  onToggleSelected(id: string): void;
  onNavigate(id: string): void;
  onClose(): void;
  /** Whether the view shows the folder path of `folderId` as a breadcrumb (SPEC §2). */
  breadcrumb?: boolean;
  /** The listing's folder: the asset's place and the SPEC §6 actions are those of this folder. */
  folderId?: string;
  /** The loaded results, for the thumbnails area (the neighbours of the asset shown). */
  results?: readonly AssetSummary[];
}

/** Where ← and → move the caret, not the asset: text fields, not checkboxes or buttons. */
function isTextEntry(target: EventTarget): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  );
}

/**
 * The asset detail modal (SPEC §2): header with the workflow actions, breadcrumb, preview with the
 * drawing between prev/next, and a side panel of fixed width with the asset's other actions and the
 * info or reject panel, scrolling on its own. A finished action closes it (back to the listing).
 */
export function AssetDetailModal(props: AssetDetailModalProps) {
  const { t } = useTranslation();
  const session = useSession();
  const { assetId, folderId } = props;
  const queryClient = useQueryClient();
  const [language] = useLanguage();
  const inFolder = useQuery({
    ...assetInFolderQueryOptions(assetId, folderId ?? '', language),
    enabled: !!folderId,
    // The asset as already loaded without a folder, while its place and actions arrive.
    placeholderData: () => queryClient.getQueryData(assetDetailQueryOptions(assetId, language).queryKey),
  });
  const plain = useQuery({ ...assetDetailQueryOptions(assetId, language), enabled: !folderId });
  const detail = folderId ? inFolder : plain;
  const { data: asset, isPending, isError } = detail;
  const [rejecting, setRejecting] = useState(false);
  const [drawing, setDrawing] = useState<DrawingDocument>(EMPTY_DRAWING);
  const [penColor, setPenColor] = useState<string>(PEN_COLORS[0].value);
  const [showDrawing, setShowDrawing] = useState(true);
  const flow = useWorkflowFlow({
    folderId: folderId ?? '',
    place: asset?.place,
    contentIds: [assetId],
    onFinished: props.onClose,
  });
  const openWizard = useOpenWizard();
  const flowActions = folderId ? visibleFlowActions(asset?.actions, asset?.place, session.roles) : [];
  // Over the preview only on the version it was drawn on; an earlier version's shows beside it.
  const stored = asset ? storedDrawing(asset.workflow.canvas, asset.version) : null;
  const stopRejecting = () => {
    setRejecting(false);
    setDrawing(EMPTY_DRAWING);
  };
  // A version answering an earlier rejection (issue 27): compared with it, its corrections checked.
  const carried = asset ? carriedRejectionOf(asset.workflow, asset.version) : null;
  const [comparing, setComparing] = useState(false);
  const mayMark = flowActions.includes('accept');
  const checklistDone = carried
    ? checklistProgress(carried.regions.length, asset?.checklist?.marks ?? []).complete
    : true;
  const marking = useChecklistMark({ id: assetId, version: asset?.version ?? 0 }, folderId ?? '');
  const startAction = (action: FlowAction) => {
    if (action === 'reject') setRejecting(true);
    // The hub would refuse it (WORKFLOW_CHECKLIST_OPEN): the corrections are where to go first.
    else if (action === 'accept' && !checklistDone) setComparing(true);
    else flow.start(action);
  };

  const { onNavigate, resultIds } = props;
  const stepper = useResultStepper({
    shownId: assetId,
    resultIds,
    hasMore: props.hasMore,
    loadMore: props.loadMore,
    onNavigate,
  });
  const step = (direction: 1 | -1) => {
    if (rejecting || flow.busy) return;
    void stepper.step(direction);
  };
  // The neighbours load ahead, their previews too, so a step shows its asset at once.
  useEffect(() => {
    const index = resultIds.indexOf(assetId);
    if (index === -1) return;
    const neighbours = [resultIds[index + 1], resultIds[index - 1]].filter((id) => id !== undefined);
    const load = folderId
      ? (id: string) => queryClient.fetchQuery(assetInFolderQueryOptions(id, folderId, language))
      : (id: string) => queryClient.fetchQuery(assetDetailQueryOptions(id, language));
    for (const id of neighbours)
      load(id).then(
        (neighbour) => {
          new Image().src = neighbour.previewUrl;
        },
        // Only a head start: a neighbour that fails loads, and says so, when stepped to.
        () => undefined,
      );
  }, [assetId, resultIds, folderId, language, queryClient]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Not for keys a control used (a tree's arrows) nor from a dialog opened over this one.
    if (event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
    if (isTextEntry(event.target)) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  };
  const title = asset ? displayName(asset.name, asset.extension) : t('loading.label');
  const content = useRef<HTMLDivElement>(null);

  const preview = isPending ? (
    <Flex justify="center" py="16">
      <Spinner aria-label={t('loading.label')} />
    </Flex>
  ) : isError || !asset ? (
    <InlineError
      message={t('assetDetail.loadFailed')}
      error={detail.error}
      retrying={detail.isRefetching}
      onRetry={() => void detail.refetch()}
    />
  ) : (
    <RestrictedGate key={asset.id} restriction={asset.restriction}>
      <AssetPreview
        asset={asset}
        overlay={
          rejecting ? (
            <DrawingLayer
              drawing={drawing}
              label={t('workflow.drawing.surface')}
              pen={{ color: penColor, onStroke: (s) => setDrawing((d) => addStroke(d, s)) }}
            />
          ) : stored?.current && showDrawing ? (
            <DrawingLayer drawing={stored.drawing} label={t('workflow.drawing.stored')} />
          ) : null
        }
      />
    </RestrictedGate>
  );
  // The actions on this asset other than its workflow decision, at the top of the side panel.
  const assetActions = asset ? (
    <HStack gap="2" wrap="wrap" align="flex-start">
      {folderId && asset.actions?.tag ? (
        <Button size="sm" variant="outline" onClick={() => openWizard(folderId, [asset.id], asset.id)}>
          <Tags />
          {t('assetDetail.tag')}
        </Button>
      ) : null}
      {folderId && asset.actions?.updateFile ? (
        <VersionUpload key={asset.id} contentId={asset.id} folderId={folderId} />
      ) : folderId && asset.holdReasons?.length ? (
        // A legal hold withdrew the new version (the hub refuses its upload): the hold says why.
        <HeldMark reasons={asset.holdReasons} />
      ) : null}
      {/* Looked at in a folder, SPEC §6 decides there (the hub checks the same). */}
      {(asset.actions ?? asset.rights).download ? (
        <DownloadButton
          key={asset.id}
          assetIds={[asset.id]}
          single={{ type: asset.type, width: asset.width, height: asset.height }}
          folderId={folderId}
        />
      ) : null}
      {folderId && asset.actions?.share ? (
        <>
          <InternalShareButton key={`share-${asset.id}`} assetIds={[asset.id]} folderId={folderId} />
          <ExternalShareButton
            key={`external-share-${asset.id}`}
            assetIds={[asset.id]}
            folderId={folderId}
            imageIds={asset.type === 'IMAGE' ? [asset.id] : undefined}
          />
        </>
      ) : null}
    </HStack>
  ) : null;

  return (
    <Dialog.Root
      open
      placement="center"
      scrollBehavior="inside"
      // The dialog itself takes the focus (named by its title), so ← and → step at once.
      initialFocusEl={() => content.current}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* The whole window but a margin: the preview keeps its place, only the side panel scrolls. */}
          <Dialog.Content
            ref={content}
            tabIndex={-1}
            onKeyDown={onKeyDown}
            data-testid="asset-detail"
            w="calc(100vw - 2rem)"
            maxW="100rem"
            h="calc(100dvh - 2rem)"
            maxH="calc(100dvh - 2rem)"
            my="4"
          >
            <Dialog.Header gap="3" alignItems="center">
              {/* The name gives way (truncated) before the workflow decision or the close button does. */}
              <HStack gap="3" flex="1" minW="0">
                <Checkbox.Root
                  checked={props.selected}
                  onCheckedChange={() => props.onToggleSelected(assetId)}
                  aria-label={t('assetDetail.select')}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
                <Dialog.Title truncate minW="0">
                  {title}
                </Dialog.Title>
                {asset ? <RenameField key={asset.id + asset.name} asset={asset} folderId={folderId} /> : null}
              </HStack>
              <WorkflowButtons
                actions={flowActions}
                place={asset?.place}
                disabled={flow.busy || rejecting}
                onStart={startAction}
                label={t('workflow.buttons.label')}
              />
              <Dialog.CloseTrigger asChild position="static">
                <CloseButton size="sm" aria-label={t('assetDetail.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3" minH="0" overflow="hidden">
              <JobProgressBar progress={flow.progress} />
              {props.breadcrumb && folderId ? <FolderBreadcrumb folderId={folderId} /> : null}
              <Flex flex="1" minH="0" gap="4">
                <Flex direction="column" flex="1" minW="0" minH="0" gap="3">
                  {/* The arrows flank the preview, never the side panel's values. */}
                  <Flex flex="1" minH="0" align="center" gap="2">
                    <IconButton
                      variant="ghost"
                      aria-label={t('assetDetail.previous')}
                      disabled={props.resultIds.length < 2}
                      onClick={() => step(-1)}
                    >
                      <ChevronLeft />
                    </IconButton>
                    <Box flex="1" minW="0" h="full" data-testid="detail-preview">
                      {preview}
                    </Box>
                    <IconButton
                      variant="ghost"
                      aria-label={t('assetDetail.next')}
                      disabled={props.resultIds.length < 2 && !props.hasMore}
                      onClick={() => step(1)}
                    >
                      <ChevronRight />
                    </IconButton>
                  </Flex>
                  {props.results?.length ? (
                    <ResultThumbnails results={props.results} current={assetId} onOpen={onNavigate} />
                  ) : null}
                </Flex>
                {asset ? (
                  <DialogSidePanel testId="detail-side-panel">
                    {assetActions}
                    {carried && !rejecting ? (
                      <CarriedRejectionSummary
                        rejection={carried}
                        checklist={asset.checklist}
                        mayMark={mayMark}
                        onCompare={() => setComparing(true)}
                      />
                    ) : null}
                    {rejecting ? (
                      <RejectPanel
                        drawing={drawing}
                        onDrawing={setDrawing}
                        color={penColor}
                        onColor={setPenColor}
                        submitting={flow.busy}
                        onCancel={stopRejecting}
                        onConfirm={({ note, canvas }) => void flow.reject(note, canvas)}
                      />
                    ) : (
                      <Stack as="section" aria-label={t('assetDetail.info.title')} gap="5">
                        <WorkflowInfo
                          workflow={asset.workflow}
                          rejectedOnVersion={stored && !stored.current ? stored.version : undefined}
                          drawing={
                            !stored ? null : stored.current ? (
                              <Checkbox.Root
                                size="sm"
                                checked={showDrawing}
                                onCheckedChange={(details) => setShowDrawing(details.checked === true)}
                              >
                                <Checkbox.HiddenInput />
                                <Checkbox.Control />
                                <Checkbox.Label>{t('workflow.drawing.show')}</Checkbox.Label>
                              </Checkbox.Root>
                            ) : (
                              <DrawingThumbnail
                                drawing={stored.drawing}
                                label={t('workflow.drawing.earlier', { version: stored.version })}
                                // The earlier version's size is not kept: the shown one's stands in.
                                aspectRatio={
                                  asset.width && asset.height ? asset.width / asset.height : undefined
                                }
                              />
                            )
                          }
                        />
                        <AssetInfo asset={asset} />
                      </Stack>
                    )}
                    {asset.type === 'IMAGE' ? (
                      <AssetPlates
                        key={`plates-${asset.id}`}
                        assetId={asset.id}
                        imageUrl={asset.previewUrl}
                        name={title}
                      />
                    ) : null}
                    <AssetHolds key={`holds-${asset.id}`} assetId={asset.id} name={title} />
                  </DialogSidePanel>
                ) : null}
              </Flex>
            </Dialog.Body>
            {flow.dialogs}
            {comparing && asset && carried ? (
              <CompareView
                asset={asset}
                rejection={carried}
                earlierUrl={versionImageUrl(asset, carried.drawnOn)}
                currentUrl={asset.posterUrl ?? asset.previewUrl}
                mayMark={mayMark}
                marking={marking.marking}
                onMark={marking.mark}
                // The confirmation opens over the comparison: closing it first would hand the focus
                // back to the detail, and the new dialog would close as the focus left it.
                onAccept={mayMark ? () => flow.start('accept') : undefined}
                onReject={
                  flowActions.includes('reject')
                    ? (notFixed) => {
                        setComparing(false);
                        // What is still wrong is pointed at again, on the version that still has it.
                        setDrawing(strokesOfRegions(carried, notFixed));
                        setRejecting(true);
                      }
                    : undefined
                }
                onClose={() => setComparing(false)}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
