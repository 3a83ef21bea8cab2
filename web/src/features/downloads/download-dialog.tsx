import { Alert, Button, Checkbox, Fieldset, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ERROR_CODES } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { useShowApiError } from '../ui/use-show-api-error';
import { createDownload, downloadPath, startBrowserDownload } from './downloads.api';
import {
  exceedingResolutions,
  IMAGE_RESOLUTIONS,
  VIDEO_RESOLUTIONS,
  type ImageResolution,
  type PixelSize,
  type VideoResolution,
} from './resolutions';

export interface DownloadDialogProps {
  assetIds: readonly string[];
  /** One asset: its type and size decide what is offered and warned about; several: everything. */
  single?: { type: string; width?: number; height?: number };
  /** The folder the dialog is opened from; the hub checks the download right there (SPEC §6). */
  folderId?: string;
  onClose(): void;
}

/** The download dialog (SPEC §2, §5): resolutions for images and videos, then a ZIP. */
export function DownloadDialog({ assetIds, single, folderId, onClose }: DownloadDialogProps) {
  const { t } = useTranslation();
  const showApiError = useShowApiError();
  const [language] = useLanguage();
  const [images, setImages] = useState<ImageResolution[]>(['original']);
  const [videos, setVideos] = useState<VideoResolution[]>(['original']);
  const offersImages = !single || single.type === 'IMAGE';
  const offersVideos = !single || single.type === 'VIDEO';
  const prepare = useMutation({
    mutationFn: () =>
      createDownload({
        contentIds: assetIds,
        // Other types always come as their original: one resolution is still required.
        images: offersImages ? images : ['original'],
        videos: offersVideos ? videos : [],
        folderId,
        lang: language,
      }),
    onSuccess: ({ downloadId }) => {
      startBrowserDownload(downloadPath(downloadId));
      onClose();
    },
    // A refusal of SPEC §6 is said in the dialog; anything else gets the generic error dialog.
    onError: (error) => {
      if (!refused(error)) showApiError(error);
    },
  });
  const refusal = refused(prepare.error);

  const exceeding = single ? exceedingResolutions(images, single as Partial<PixelSize>) : [];
  const genericWarning = !single && images.some((r) => r !== 'original');
  const nothingChosen = (offersImages ? images.length : 0) + (offersVideos ? videos.length : 0) === 0;
  const box = (r: string) => r.replace('x', ' × ');
  // A box keeps the picture's proportions: a 3:2 photo in 1920 × 1080 comes out 1620 × 1080.
  const label = (r: string) =>
    r === 'original' || r === 'web'
      ? t(`downloads.resolutions.${r}`)
      : t('downloads.fitsWithin', { box: box(r) });

  return (
    <AppDialog
      open
      dismissible={!prepare.isPending}
      onDismiss={onClose}
      title={t('downloads.title', { count: assetIds.length })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={prepare.isPending}>
            {t('downloads.cancel')}
          </Button>
          <Button onClick={() => prepare.mutate()} loading={prepare.isPending} disabled={nothingChosen}>
            {t('downloads.submit')}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        {offersImages ? (
          <ResolutionGroup
            legend={t('downloads.images')}
            options={IMAGE_RESOLUTIONS}
            chosen={images}
            onChange={setImages}
            label={label}
          />
        ) : null}
        {offersVideos ? (
          <ResolutionGroup
            legend={t('downloads.videos')}
            options={VIDEO_RESOLUTIONS}
            chosen={videos}
            onChange={setVideos}
            label={label}
          />
        ) : null}
        {!offersImages && !offersVideos ? <Text>{t('downloads.originalOnly')}</Text> : null}
        {exceeding.length ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              {t('downloads.exceedsOriginal', {
                sizes: exceeding.map(box).join(', '),
                width: single?.width,
                height: single?.height,
              })}
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {genericWarning ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('downloads.exceedsGeneric')}</Alert.Title>
          </Alert.Root>
        ) : null}
        {nothingChosen ? <Text color="fg.error">{t('downloads.chooseOne')}</Text> : null}
        {refusal ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t(`downloads.errors.${refusal}`, { count: assetIds.length })}</Alert.Title>
          </Alert.Root>
        ) : null}
        {prepare.isPending ? (
          <HStack role="status" gap="3">
            <Spinner size="sm" />
            <Text>{t('downloads.preparing')}</Text>
          </HStack>
        ) : null}
      </Stack>
    </AppDialog>
  );
}

/** The refusals said in the dialog: SPEC §6 here, or a view gone stale (an asset no longer in the folder). */
const REFUSALS = [ERROR_CODES.DOWNLOAD_NOT_ALLOWED, ERROR_CODES.DOWNLOAD_NOT_IN_FOLDER] as const;
const refused = (error: unknown): (typeof REFUSALS)[number] | null =>
  (isApiError(error) && REFUSALS.find((code) => code === error.code)) || null;

function ResolutionGroup<R extends string>(props: {
  legend: string;
  options: readonly R[];
  chosen: R[];
  onChange(next: R[]): void;
  label(r: string): string;
}) {
  const toggle = (r: R, on: boolean) =>
    props.onChange(props.options.filter((o) => (o === r ? on : props.chosen.includes(o))));
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{props.legend}</Fieldset.Legend>
      <Stack gap="2" mt="2">
        {props.options.map((r) => (
          <Checkbox.Root
            key={r}
            checked={props.chosen.includes(r)}
            onCheckedChange={(details) => toggle(r, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{props.label(r)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}
