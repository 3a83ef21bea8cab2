import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ExternalSharesPanel } from './external-shares-panel';

interface ExternalSharesDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The management panel in a drawer, a chunk of its own: fetched when first opened (issue 26). */
export function ExternalSharesDrawer({ open, onOpenChange }: ExternalSharesDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open={open} size="md" onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('sharing.panel.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{open ? <ExternalSharesPanel /> : null}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('sharing.panel.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
