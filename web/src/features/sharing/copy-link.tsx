import { Button, HStack, Input } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A share's link, read-only, with a button that copies it (and says so). */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <HStack gap="2">
      <Input readOnly value={url} aria-label={label} size="sm" onFocus={(e) => e.currentTarget.select()} />
      <Button size="sm" variant="outline" onClick={copy} aria-live="polite">
        {copied ? <Check /> : <Copy />}
        {copied ? t('sharing.copied') : t('sharing.copy')}
      </Button>
    </HStack>
  );
}
