import { Button, HStack, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LEGAL_HOLD_ERROR_CODES } from '@paddock/rules';
import { FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploads, useUploadsState } from './use-uploads';

interface VersionUploadProps {
  contentId: string;
  /** The folder the asset is looked at from; the hub re-enters a rejected content into step 1. */
  folderId: string;
}

/** The detail modal's new-version upload (SPEC §2): pick a file, watch it go, see the result. */
export function VersionUpload({ contentId, folderId }: VersionUploadProps) {
  const { t } = useTranslation();
  const uploads = useUploads();
  const input = useRef<HTMLInputElement>(null);
  const [key, setKey] = useState<string | null>(null);
  const item = useUploadsState((state) => state.items.find((entry) => entry.key === key));
  const running = item !== undefined && item.status !== 'done' && item.status !== 'failed';
  const percent = item?.bytesTotal ? Math.round((item.bytesUploaded / item.bytesTotal) * 100) : 0;

  return (
    <Stack gap="1">
      <Button size="sm" variant="outline" loading={running} onClick={() => input.current?.click()}>
        <FileUp />
        {t('workflow.version.upload')}
      </Button>
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          aria-label={t('workflow.version.choose')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void uploads.uploadVersion(file, contentId, folderId).then(setKey);
          }}
        />
      </VisuallyHidden>
      {item ? (
        <HStack gap="2" minW="40">
          <Progress.Root value={item.status === 'done' ? 100 : percent} size="xs" flex="1">
            <Progress.Track aria-label={t('workflow.version.progress')}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" role="status" color={item.status === 'failed' ? 'fg.error' : 'fg.muted'}>
            {item.status === 'done'
              ? t('workflow.version.done')
              : item.status === 'failed'
                ? item.errorCode === LEGAL_HOLD_ERROR_CODES.HELD
                  ? t(`error.codes.${item.errorCode}`)
                  : t('workflow.version.failed')
                : `${percent}%`}
          </Text>
        </HStack>
      ) : null}
    </Stack>
  );
}
