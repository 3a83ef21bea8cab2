import {
  Box,
  Button,
  ButtonGroup,
  Flex,
  IconButton,
  Image,
  Input,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { LIMITS, type AssetSummary, type FolderNode } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { displayName, formatDate } from '../assets/format';
import { FileContentCheck } from './file-content-check';
import { pageRange } from './page-range';
import {
  uploadCheckQueryOptions,
  uploadCheckTotalQueryOptions,
  type UploadCheckSearch,
} from './upload-check.queries';

interface UploadCheckDialogProps {
  folder: Pick<FolderNode, 'id' | 'name'>;
  onClose(): void;
}

/**
 * The asset-upload-check modal (SPEC §2 Dialogs): before uploading, look for files already in the
 * folder (and, with the switch, its subfolders) by exact name or tag, and anywhere the user reads by
 * the files' content (issue 27).
 */
export function UploadCheckDialog({ folder, onClose }: UploadCheckDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [subfolders, setSubfolders] = useState(true);
  const [search, setSearch] = useState<UploadCheckSearch | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [language] = useLanguage();
  const searched = search ?? { folderId: folder.id, text: '', subfolders };
  const results = useQuery({
    ...uploadCheckQueryOptions(searched, page, language),
    enabled: search !== undefined,
  });
  const counted = useQuery({ ...uploadCheckTotalQueryOptions(searched), enabled: search !== undefined });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ folderId: folder.id, text: text.trim(), subfolders });
    setPage(0);
  };
  const total = counted.data?.totalResults ?? 0;
  const totalIsCapped = counted.data?.totalIsCapped ?? false;
  // Past a capped total, the pages themselves say whether one more follows.
  const pageCount = Math.max(
    Math.ceil(total / LIMITS.uploadCheckPageSize) + (totalIsCapped ? 1 : 0),
    page + 1 + (results.data?.hasMore ? 1 : 0),
  );

  return (
    <AppDialog
      open
      dismissible
      onDismiss={onClose}
      size="lg"
      title={t('uploadCheck.title', { folder: folder.name })}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('uploadCheck.close')}
        </Button>
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('uploadCheck.intro')}
        </Text>
        <form role="search" aria-label={t('uploadCheck.search.label')} onSubmit={submit}>
          <Flex gap="3" wrap="wrap" align="center">
            <Input
              flex="1 1 14rem"
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('uploadCheck.search.placeholder')}
              aria-label={t('uploadCheck.search.label')}
            />
            <Switch.Root checked={subfolders} onCheckedChange={(details) => setSubfolders(details.checked)}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('uploadCheck.subfolders')}</Switch.Label>
            </Switch.Root>
            <Button type="submit" loading={results.isFetching}>
              <Search />
              {t('uploadCheck.search.submit')}
            </Button>
          </Flex>
        </form>
        {results.isError ? (
          <Text role="alert" color="fg.error">
            {t('uploadCheck.failed')}
          </Text>
        ) : results.data ? (
          <Stack gap="3">
            <Text aria-live="polite" fontWeight="medium">
              {counted.data
                ? totalIsCapped
                  ? t('assets.countCapped', { total })
                  : t('uploadCheck.count', { count: total })
                : ''}
            </Text>
            {results.data.items.length === 0 ? (
              <Text color="fg.muted">{t('uploadCheck.noResults')}</Text>
            ) : (
              <Box as="ul" aria-label={t('uploadCheck.resultsLabel')} listStyleType="none">
                {results.data.items.map((asset) => (
                  <UploadCheckRow key={asset.id} asset={asset} />
                ))}
              </Box>
            )}
            {pageCount > 1 ? <Paginator page={page} pageCount={pageCount} onPage={setPage} /> : null}
          </Stack>
        ) : null}
        <FileContentCheck />
      </Stack>
    </AppDialog>
  );
}

function UploadCheckRow({ asset }: { asset: AssetSummary }) {
  const { t } = useTranslation();
  const name = displayName(asset.name, asset.extension);
  return (
    <Flex as="li" align="center" gap="3" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Image
        src={asset.thumbnailUrl}
        alt=""
        loading="lazy"
        w="12"
        h="12"
        objectFit="contain"
        bg="bg.muted"
        rounded="l2"
        flexShrink={0}
      />
      <Box minW="0" flex="1">
        <Text fontWeight="medium" truncate title={name}>
          {name}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {t('uploadCheck.meta', { date: formatDate(asset.createdAt), author: asset.owner })}
        </Text>
      </Box>
    </Flex>
  );
}

interface PaginatorProps {
  /** 0-based. */
  page: number;
  pageCount: number;
  onPage(page: number): void;
}

function Paginator({ page, pageCount, onPage }: PaginatorProps) {
  const { t } = useTranslation();
  return (
    <Flex as="nav" aria-label={t('uploadCheck.pages.label')} justify="center">
      {/* SPEC §9: a range of page numbers with previous/next, no first/last buttons. */}
      <ButtonGroup size="sm" variant="ghost" gap="1">
        <IconButton
          aria-label={t('uploadCheck.pages.previous')}
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft />
        </IconButton>
        {pageRange(page + 1, pageCount, LIMITS.uploadCheckPageRange).map((number) => (
          <Button
            key={number}
            aria-label={t('uploadCheck.pages.page', { page: number })}
            aria-current={number === page + 1 ? 'page' : undefined}
            variant={number === page + 1 ? 'outline' : 'ghost'}
            onClick={() => onPage(number - 1)}
          >
            {number}
          </Button>
        ))}
        <IconButton
          aria-label={t('uploadCheck.pages.next')}
          disabled={page >= pageCount - 1}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRight />
        </IconButton>
      </ButtonGroup>
    </Flex>
  );
}
