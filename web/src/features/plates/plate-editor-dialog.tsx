import { Alert, Box, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { PLATE_BOXES_MAX, plateBoxesProblem, plateBoxRequired, type PlateBox } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { ScanSearch } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { InlineError } from '../ui/inline-error';
import { PlateBoxLayer } from './plate-box-layer';
import { PlateBoxesOverlay } from './plate-boxes-overlay';
import { plateErrorText } from './plate-errors';
import { PlateStateLine } from './plate-state-line';
import { plateBoxesQueryOptions, useSavePlateBoxes } from './plates.queries';
import { usePlateDetection } from './use-plate-detection';

export interface PlateEditorDialogProps {
  assetId: string;
  /** The picture the boxes are drawn on: its preview, whose proportions are the original's. */
  imageUrl: string;
  /** The asset's name, in the title. */
  name: string;
  onClose(): void;
}

/**
 * The plate boxes of one image, to check before it leaves (docs/plates.md): the detector's proposal
 * or the confirmed boxes over the preview, edited by pointer or keyboard, saved as a person's
 * confirmation; "No plate to blur" confirms with none. Without the right to edit, only shown.
 */
export function PlateEditorDialog({ assetId, imageUrl, name, onClose }: PlateEditorDialogProps) {
  const { t } = useTranslation();
  const view = useQuery(plateBoxesQueryOptions(assetId));
  // The person's changes; null follows what the hub has (the detector's new proposal too).
  const [edited, setEdited] = useState<PlateBox[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePlateBoxes(assetId);
  const detection = usePlateDetection(assetId, () => {
    setEdited(null);
    setSelected(null);
  });
  const boxes = edited ?? view.data?.boxes ?? [];
  const mayEdit = !!view.data?.mayEdit && !detection.running && view.data.state !== 'detecting';

  const change = (next: PlateBox[]) => {
    setEdited(next);
    setProblem(null);
  };
  const confirm = (confirmed: readonly PlateBox[]) => {
    const found = plateBoxesProblem(confirmed);
    if (found) {
      setProblem(t(`plates.problems.${found}`, { max: PLATE_BOXES_MAX }));
      return;
    }
    save.mutate(confirmed, { onSuccess: onClose });
  };

  const footer = (
    <Flex w="full" gap="2" wrap="wrap" justify="space-between">
      {view.data?.mayEdit ? (
        <Flex gap="2" wrap="wrap">
          <Button variant="outline" size="sm" onClick={detection.start} disabled={!mayEdit || save.isPending}>
            <ScanSearch />
            {t('plates.editor.detect')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => confirm([])}
            disabled={!mayEdit || save.isPending}
          >
            {t('plates.editor.noPlate')}
          </Button>
        </Flex>
      ) : (
        <span />
      )}
      {/* Cancel and Save keep to the right, also when a long language wraps them to a row of their own. */}
      <Flex gap="2" ms="auto">
        <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
          {view.data?.mayEdit ? t('plates.editor.cancel') : t('plates.editor.close')}
        </Button>
        {view.data?.mayEdit ? (
          <Button onClick={() => confirm(boxes)} loading={save.isPending} disabled={!mayEdit}>
            {t('plates.editor.save')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );

  return (
    <AppDialog
      open
      size="lg"
      dismissible={!save.isPending}
      onDismiss={onClose}
      title={t('plates.editor.title', { name })}
      footer={footer}
    >
      {view.isPending ? (
        <Flex justify="center" py="10">
          <Spinner aria-label={t('loading.label')} />
        </Flex>
      ) : view.isError ? (
        <InlineError
          message={t('plates.loadFailed')}
          error={view.error}
          retrying={view.isRefetching}
          onRetry={() => void view.refetch()}
        />
      ) : (
        <Stack gap="3">
          <PlateStateLine view={view.data} detecting={detection.running} />
          {plateBoxRequired(view.data) && !edited?.length ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('plates.required')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {mayEdit ? (
            <Text fontSize="sm" color="fg.muted">
              {t('plates.editor.help')}
            </Text>
          ) : null}
          {/* The layer covers exactly the picture, so a pointer's place is a fraction of it. */}
          <Box position="relative" w="fit-content" maxW="full" mx="auto" bg="bg.muted" userSelect="none">
            <img
              src={imageUrl}
              alt={t('plates.editor.picture', { name })}
              draggable={false}
              style={{ display: 'block', maxWidth: '100%', maxHeight: '60vh' }}
            />
            {mayEdit ? (
              <PlateBoxLayer boxes={boxes} onChange={change} selected={selected} onSelect={setSelected} />
            ) : (
              <PlateBoxesOverlay boxes={boxes} />
            )}
          </Box>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t('plates.editor.count', { count: boxes.length })}
          </Text>
          {problem ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{problem}</Alert.Title>
            </Alert.Root>
          ) : null}
          {save.error || detection.error || detection.failedCode ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>
                {plateErrorText(t, save.error ?? detection.error, detection.failedCode)}
              </Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      )}
    </AppDialog>
  );
}
