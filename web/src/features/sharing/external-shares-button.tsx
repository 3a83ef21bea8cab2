import { Button } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../ui/on-demand';

const ExternalSharesDrawer = onDemand(() =>
  import('./external-shares-drawer').then((module) => module.ExternalSharesDrawer),
);

/** Home's button that opens the management panel in a drawer; the drawer stays mounted once opened, to close with its animation. */
export function ExternalSharesButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const openDrawer = () => {
    setShown(true);
    setOpen(true);
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={openDrawer}>
        <Share2 />
        {t('sharing.panel.title')}
      </Button>
      {shown ? <ExternalSharesDrawer open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
