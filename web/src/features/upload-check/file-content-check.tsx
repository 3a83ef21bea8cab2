import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LIMITS, type DuplicateAsset, type FileFingerprint, type FileMatches } from '@paddock/rules';
import { useMutation } from '@tanstack/react-query';
import { FileSearch } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFiles } from '../../api/duplicates.api';
import { useLanguage } from '../../i18n/use-language';
import { AssetLinkCard } from '../assets/asset-link-card';
import { AssetThumbnail } from '../assets/asset-thumbnail';
import { displayName } from '../assets/format';
import { fingerprintOf } from './file-fingerprint';

interface Checked {
  fingerprints: FileFingerprint[];
  files: FileMatches[];
}

/**
 * The upload check by content (SPEC §2 dialog, issue 27): files chosen on the user's computer are
 * hashed in the browser, and only their hashes go to the hub, which answers the assets the user
 * reads with the same bytes or a similar picture. Nothing is uploaded.
 */
export function FileContentCheck() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [tooMany, setTooMany] = useState(false);
  const check = useMutation({
    mutationFn: async (files: File[]): Promise<Checked> => {
      // One file at a time: each is read whole into memory to be hashed.
      const fingerprints: FileFingerprint[] = [];
      for (const file of files) fingerprints.push(await fingerprintOf(file));
      return { fingerprints, ...(await checkFiles({ files: fingerprints, lang: language })) };
    },
  });
  const choose = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    setTooMany(files.length > LIMITS.uploadCheckFilesMax);
    if (files.length && files.length <= LIMITS.uploadCheckFilesMax) check.mutate(files);
  };
  return (
    <Stack as="section" aria-labelledby={titleId} gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h3" size="sm" id={titleId}>
        {t('uploadCheck.files.title')}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t('uploadCheck.files.intro')}
      </Text>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('uploadCheck.files.choose')}
        onChange={(event) => choose(event.target.files)}
      />
      <Button
        variant="outline"
        alignSelf="start"
        loading={check.isPending}
        loadingText={t('uploadCheck.files.checking')}
        onClick={() => input.current?.click()}
      >
        <FileSearch />
        {t('uploadCheck.files.choose')}
      </Button>
      {tooMany ? (
        <Text role="alert" color="fg.error">
          {t('uploadCheck.files.tooMany', { max: LIMITS.uploadCheckFilesMax })}
        </Text>
      ) : null}
      {check.isError ? (
        <Text role="alert" color="fg.error">
          {t('uploadCheck.files.failed')}
        </Text>
      ) : null}
      {check.data && !check.isPending ? (
        <Box as="ul" aria-label={t('uploadCheck.files.resultsLabel')} listStyleType="none">
          {check.data.files.map((file, i) => (
            <FileMatchRow key={`${i}-${file.name}`} file={file} fingerprint={check.data.fingerprints[i]!} />
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}

/** One file checked: the assets with its bytes, else those with a similar picture, else that none was found. */
function FileMatchRow({ file, fingerprint }: { file: FileMatches; fingerprint: FileFingerprint }) {
  const { t } = useTranslation();
  const found = file.exact.length ? file.exact : file.near;
  return (
    <Stack
      as="li"
      aria-label={file.name}
      gap="2"
      py="3"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: 0 }}
    >
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="medium" wordBreak="break-word">
          {file.name}
        </Text>
        {fingerprint.sha256 === null && fingerprint.dhash === null ? (
          <Badge colorPalette="gray">{t('uploadCheck.files.notCompared')}</Badge>
        ) : file.exact.length ? (
          <Badge colorPalette="orange">{t('duplicates.match.exact')}</Badge>
        ) : file.near.length ? (
          <Badge colorPalette="blue">
            {t('duplicates.match.near', { distance: file.near[0]!.distance })}
          </Badge>
        ) : (
          <Badge colorPalette="green">{t('uploadCheck.files.none')}</Badge>
        )}
      </Flex>
      {fingerprint.sha256 === null ? (
        <Text fontSize="sm" color="fg.muted">
          {t(
            fingerprint.dhash === null ? 'uploadCheck.files.tooLargeToCompare' : 'uploadCheck.files.tooLarge',
          )}
        </Text>
      ) : null}
      {found.length ? (
        <Flex as="ul" gap="2" wrap="wrap" listStyleType="none">
          {found.map((asset) => (
            <FoundAsset key={asset.id} asset={asset} />
          ))}
        </Flex>
      ) : null}
    </Stack>
  );
}

/** An asset the check found: small, a link to its detail. */
function FoundAsset({ asset }: { asset: DuplicateAsset }) {
  const name = displayName(asset.name, asset.extension);
  return (
    <li>
      <AssetLinkCard assetId={asset.id} display="flex" alignItems="center" gap="2" p="1.5" maxW="64">
        <AssetThumbnail asset={asset} width="12" height="12" compact />
        <Text fontSize="sm" truncate title={name}>
          {name}
        </Text>
      </AssetLinkCard>
    </li>
  );
}
