import { Badge } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface CardMarkProps {
  icon: LucideIcon;
  palette: 'green' | 'yellow' | 'orange' | 'red';
  /** Solid with a shadow over a thumbnail, subtle in a row of text. */
  overlay: boolean;
  title?: string;
  testId?: string;
  children: ReactNode;
}

/** A small badge naming one state of an asset beside its name or over its thumbnail. */
export function CardMark({ icon: Icon, palette, overlay, title, testId, children }: CardMarkProps) {
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette={palette}
      flexShrink={0}
      gap="1"
      shadow={overlay ? 'sm' : undefined}
      title={title}
      data-testid={testId}
    >
      <Icon size={10} aria-hidden />
      {children}
    </Badge>
  );
}
