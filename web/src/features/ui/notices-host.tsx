import { Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NOTICE_MS, NOTICE_WITH_UNDO_MS, type Notice, type NoticeText } from './ui-store';
import { useUiState, useUiStore } from './ui-store-context';

/** The notices after actions, bottom right, announced politely to screen readers. */
export function NoticesHost() {
  const { t } = useTranslation();
  const notices = useUiState((state) => state.notices);
  return (
    <Stack
      role="region"
      aria-live="polite"
      aria-label={t('notices.region')}
      position="fixed"
      bottom="4"
      right="4"
      zIndex="toast"
      gap="2"
      maxW="sm"
      w="calc(100vw - 2rem)"
      pointerEvents="none"
    >
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </Stack>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const { dismissNotice } = useUiStore();
  useEffect(() => {
    const timer = setTimeout(() => dismissNotice(notice.id), notice.undo ? NOTICE_WITH_UNDO_MS : NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismissNotice]);
  return (
    <Box
      role="status"
      bg="gray.900"
      color="white"
      _dark={{ bg: 'gray.100', color: 'gray.900' }}
      rounded="l2"
      shadow="lg"
      px="4"
      py="3"
      pointerEvents="auto"
    >
      <HStack gap="3" align="center">
        <CircleCheck size="18" aria-hidden />
        <Text flex="1" fontSize="sm">
          {noticeText(t, notice.message)}
        </Text>
        {notice.undo ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="gray"
            color="inherit"
            onClick={() => {
              dismissNotice(notice.id);
              notice.undo?.();
            }}
          >
            {t('notices.undo')}
          </Button>
        ) : null}
        <CloseButton
          size="2xs"
          color="inherit"
          aria-label={t('common.dismiss')}
          onClick={() => dismissNotice(notice.id)}
        />
      </HStack>
    </Box>
  );
}

/** A notice's words in the language shown now, its nested texts first. */
export function noticeText(t: TFunction, text: NoticeText): string {
  const params = Object.fromEntries(
    Object.entries(text.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? noticeText(t, value) : value,
    ]),
  );
  return t(text.key, params);
}
