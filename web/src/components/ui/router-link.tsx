import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

function Anchor(props: ChakraLinkProps & { ref?: Ref<HTMLAnchorElement> }) {
  return <ChakraLink {...props} />;
}

/** A router link styled as a Chakra link; the router marks the current page with aria-current. */
export const RouterLink = createLink(Anchor);
