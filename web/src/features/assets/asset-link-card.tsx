import type { LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RouterLink } from '../../components/ui/router-link';

/** How its content is laid out; the frame and the hover are the card's own. */
type Layout = Pick<LinkProps, 'display' | 'flexDirection' | 'alignItems' | 'gap' | 'h' | 'p' | 'maxW'>;
type AssetLinkCardProps = { assetId: string; children: ReactNode } & Layout;

/**
 * A framed link that opens an asset's detail from anywhere in the portal (the archive's `?asset=`),
 * as the duplicates review and the upload check name the assets they found.
 */
export function AssetLinkCard({ assetId, children, ...layout }: AssetLinkCardProps) {
  return (
    <RouterLink
      to="/home"
      search={{ asset: assetId }}
      borderWidth="1px"
      rounded="l2"
      color="fg"
      textDecoration="none"
      _hover={{ borderColor: 'border.emphasized', textDecoration: 'none' }}
      {...layout}
    >
      {children}
    </RouterLink>
  );
}
