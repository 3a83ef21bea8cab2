import { lazyRouteComponent } from '@tanstack/react-router';
import { wholeCatalogue } from '../i18n/i18n';

/**
 * `lazyRouteComponent` for a page outside the first screens: its code and the rest of the
 * catalogue (i18n.ts), whose texts it shows, arrive before it renders (issue 26). The first
 * screens' pages (sign-in, the archive and its layout) keep `lazyRouteComponent`: their texts are
 * in the part loaded before the first render.
 */
export function lazyPage<T extends Record<string, unknown>, TKey extends keyof T = 'default'>(
  importer: () => Promise<T>,
  exportName?: TKey,
): ReturnType<typeof lazyRouteComponent<T, TKey>> {
  return lazyRouteComponent(async () => (await Promise.all([importer(), wholeCatalogue()]))[0], exportName);
}
