import { Button } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadDialog, type DownloadDialogProps } from './download-dialog';

/** A Download button that opens the download dialog for `assetIds`, as looked at in `folderId`. */
export function DownloadButton(props: Omit<DownloadDialogProps, 'onClose'> & { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={props.size ?? 'sm'} variant="outline" onClick={() => setOpen(true)}>
        <Download />
        {t('downloads.action')}
      </Button>
      {open ? (
        <DownloadDialog
          assetIds={props.assetIds}
          single={props.single}
          folderId={props.folderId}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
