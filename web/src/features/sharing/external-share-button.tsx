import { Button } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExternalShareDialogProps } from './external-share-dialog';
import { ExternalShareDialogOnDemand } from './external-share-dialog-on-demand';

/** An "External share" button that opens the three-step dialog for `assetIds`. */
export function ExternalShareButton(
  props: Omit<ExternalShareDialogProps, 'onClose'> & { size?: 'xs' | 'sm'; disabled?: boolean },
) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={props.size ?? 'sm'}
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={props.disabled}
      >
        <Share2 />
        {t('sharing.action')}
      </Button>
      {open ? (
        <ExternalShareDialogOnDemand
          assetIds={props.assetIds}
          folderId={props.folderId}
          imageIds={props.imageIds}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
