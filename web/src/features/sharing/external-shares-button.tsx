import { Button } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../ui/on-demand';

/** The panel's code comes when it first opens: the archive's first screen carries only the button (issue 26). */
const ExternalSharesDrawer = onDemand(() =>
  import('./external-shares-panel').then((module) => module.ExternalSharesDrawer),
);

/** Home's button that opens the external-share management panel in a drawer. */
export function ExternalSharesButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Share2 />
        {t('sharing.panel.title')}
      </Button>
      {open ? <ExternalSharesDrawer onClose={() => setOpen(false)} /> : null}
    </>
  );
}
