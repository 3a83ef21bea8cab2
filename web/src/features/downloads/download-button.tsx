import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarButton } from '../../components/ui/bar-button';
import { onDemand } from '../ui/on-demand';
import type { DownloadDialogProps } from './download-dialog';

// Its code comes when the dialog first opens, not with the page that shows the button.
const DownloadDialog = onDemand(() => import('./download-dialog').then((module) => module.DownloadDialog));

type DownloadButtonProps = Omit<DownloadDialogProps, 'onClose'> & { size?: 'xs' | 'sm'; iconOnly?: boolean };

/** A Download button that opens the download dialog for `assetIds`, as looked at in `folderId`. */
export function DownloadButton(props: DownloadButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <BarButton
        size={props.size ?? 'sm'}
        variant="outline"
        icon={<Download />}
        label={t('downloads.action')}
        iconOnly={props.iconOnly}
        onClick={() => setOpen(true)}
      />
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
