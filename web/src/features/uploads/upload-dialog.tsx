import {
  Alert,
  Box,
  Button,
  HStack,
  IconButton,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { ASSET_ERROR_CODES, LEGAL_HOLD_ERROR_CODES } from '@paddock/rules';
import { RotateCcw, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PreflightReport } from '../asset-detail/preflight-report';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { useUploads, useUploadsState } from './use-uploads';
import { totalProgress, type UploadItem, type UploadTarget } from './uploads-store';

const KNOWN_ERRORS = [
  'UPLOAD_DENIED_SUPPLIERS',
  'UPLOAD_FORBIDDEN',
  'UPLOAD_NOT_FINISHED',
  'UPLOAD_TOO_LARGE',
] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
const isKnownError = (code: string | undefined): code is KnownError =>
  (KNOWN_ERRORS as readonly (string | undefined)[]).includes(code);

/**
 * The upload dialog: drop or pick files, each with its own progress and the total. Closing it while
 * files are sending leaves them running in the background, with progress in the header.
 */
export function UploadDialog({ target }: { target: UploadTarget }) {
  const { t } = useTranslation();
  const uploads = useUploads();
  const items = useUploadsState((state) => state.items);
  const batch = useUploadsState((state) => state.batch);
  const [language] = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const { percent, active, done, count, secondsLeft } = totalProgress(items, batch);
  const send = (files: FileList | null) => {
    if (!files?.length || !target.canWrite) return;
    void uploads.upload([...files], target.id);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files);
  };
  const close = () => uploads.store.closeDialog();

  return (
    <AppDialog
      open
      dismissible
      onDismiss={close}
      size="lg"
      title={t('uploads.title', { folder: target.name })}
      footer={
        <>
          {items.some((item) => item.status === 'done' || item.status === 'failed') ? (
            <Button variant="ghost" onClick={() => uploads.store.clearFinished()}>
              {t('uploads.clearFinished')}
            </Button>
          ) : null}
          <Button variant={active > 0 ? 'outline' : 'solid'} onClick={close}>
            {active > 0 ? t('uploads.background') : t('uploads.close')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {/* Named in full, never cut: a supplier working for several departments must see which one. */}
        <Box
          role="group"
          aria-label={t('uploads.destination.label')}
          borderWidth="1px"
          borderColor="brand.muted"
          bg="brand.subtle"
          rounded="l2"
          px="3"
          py="2"
        >
          <Text fontSize="sm" fontWeight="semibold">
            {t('uploads.destination.label')}
          </Text>
          {target.department ? (
            <Text>{t('uploads.destination.department', { department: target.department })}</Text>
          ) : null}
          <Text wordBreak="break-word">
            {t('uploads.destination.folder', { path: target.path.join(' › ') })}
          </Text>
        </Box>
        {!target.canWrite ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('uploads.noWrite')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            if (target.canWrite) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'brand.solid' : 'border'}
          bg={dragging ? 'brand.subtle' : 'bg.subtle'}
          rounded="l3"
          p="8"
          textAlign="center"
          data-testid="upload-dropzone"
        >
          <Stack align="center" gap="3">
            <Upload aria-hidden />
            <Text>{t('uploads.dropHint')}</Text>
            <Button size="sm" disabled={!target.canWrite} onClick={() => input.current?.click()}>
              {t('uploads.choose')}
            </Button>
            <VisuallyHidden asChild>
              <input
                ref={input}
                type="file"
                multiple
                aria-label={t('uploads.choose')}
                disabled={!target.canWrite}
                onChange={(event) => {
                  send(event.currentTarget.files);
                  event.currentTarget.value = '';
                }}
              />
            </VisuallyHidden>
          </Stack>
        </Box>
        {items.length ? (
          <Stack gap="3">
            <Progress.Root value={percent} size="sm">
              <HStack justify="space-between">
                <Progress.Label>{t('uploads.total')}</Progress.Label>
                <Progress.ValueText>{percent}%</Progress.ValueText>
              </HStack>
              <HStack justify="space-between" fontSize="sm" color="fg.muted" data-testid="upload-summary">
                <Text>{t('uploads.doneCount', { done, count })}</Text>
                {secondsLeft !== null ? (
                  <Text>{t('uploads.timeLeft', { time: formatTimeLeft(secondsLeft, language) })}</Text>
                ) : null}
              </HStack>
              <Progress.Track aria-label={t('uploads.total')}>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('uploads.files')}>
              {items.map((item) => (
                <UploadRow key={item.key} item={item} onRetry={() => uploads.retry(item.key)} />
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </AppDialog>
  );
}

/** Seconds as the reader says them: under a minute in seconds, else whole minutes rounded up. */
function formatTimeLeft(seconds: number, language: string): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

function UploadRow({ item, onRetry }: { item: UploadItem; onRetry(): void }) {
  const { t } = useTranslation();
  const percent = item.bytesTotal ? Math.round((item.bytesUploaded / item.bytesTotal) * 100) : 0;
  const error =
    item.status === 'failed'
      ? item.errorCode === ASSET_ERROR_CODES.UNREADABLE ||
        item.errorCode === ASSET_ERROR_CODES.NOT_IN_FOLDER ||
        item.errorCode === LEGAL_HOLD_ERROR_CODES.HELD
        ? t(`error.codes.${item.errorCode}`)
        : isKnownError(item.errorCode)
          ? t(`uploads.errors.${item.errorCode}`)
          : t('uploads.errors.generic')
      : undefined;
  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3">
      <HStack justify="space-between" gap="3">
        <Text truncate fontWeight="medium">
          {item.name}
        </Text>
        <HStack gap="2" flexShrink={0}>
          <Text fontSize="sm" color={error ? 'fg.error' : 'fg.muted'}>
            {t(`uploads.status.${item.status}`)}
          </Text>
          {item.status === 'failed' && item.errorCode === undefined ? (
            <IconButton
              size="xs"
              variant="outline"
              aria-label={t('uploads.retry', { name: item.name })}
              onClick={onRetry}
            >
              <RotateCcw />
            </IconButton>
          ) : null}
        </HStack>
      </HStack>
      <Progress.Root
        value={item.status === 'done' ? 100 : percent}
        size="xs"
        mt="2"
        colorPalette={error ? 'red' : 'brand'}
      >
        <Progress.Track aria-label={t('uploads.fileProgress', { name: item.name })}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {error ? (
        <Text role="alert" fontSize="sm" color="fg.error" mt="1">
          {error}
        </Text>
      ) : null}
      {/* Before anyone approves it, the supplier reads why a file warns or is blocked (issue 27). */}
      {item.status === 'done' && item.preflight === 'checking' ? (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('preflight.verdictOf', { verdict: t('uploads.preflight.checking') })}
        </Text>
      ) : null}
      {item.status === 'done' && item.preflight && item.preflight !== 'checking' ? (
        <Box mt="2">
          <PreflightReport preflight={item.preflight} compact />
        </Box>
      ) : null}
    </Box>
  );
}
