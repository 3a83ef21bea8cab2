import { IconButton } from '@chakra-ui/react';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';

/**
 * Whether a side column is folded away, kept on this browser (like the tree's width): folding the
 * menu and the folder tree gives the listing's grid the whole width (issue 23).
 */
export function useSideColumnFolded(name: 'nav' | 'tree'): [boolean, (folded: boolean) => void] {
  const key = `paddock.folded.${name}`;
  const [folded, setFolded] = useState(() => localStorage.getItem(key) === 'true');
  const set = (next: boolean) => {
    setFolded(next);
    localStorage.setItem(key, String(next));
  };
  return [folded, set];
}

interface SideColumnToggleProps {
  folded: boolean;
  onFolded(folded: boolean): void;
  /** The id of the column it folds. */
  controls: string;
  /** Its name when it folds the column, and when it brings it back. */
  labels: { fold: string; unfold: string };
}

/** The button that folds a side column away and brings it back. */
export function SideColumnToggle({ folded, onFolded, controls, labels }: SideColumnToggleProps) {
  const label = folded ? labels.unfold : labels.fold;
  return (
    <IconButton
      size="xs"
      variant="ghost"
      flexShrink={0}
      aria-label={label}
      title={label}
      aria-expanded={!folded}
      aria-controls={controls}
      onClick={() => onFolded(!folded)}
    >
      {folded ? <PanelLeftOpen /> : <PanelLeftClose />}
    </IconButton>
  );
}
