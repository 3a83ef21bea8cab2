import { Badge, HStack, Separator, Stack } from '@chakra-ui/react';
import {
  COUNTED_VIEW_FOLDERS,
  E_CODES,
  departmentFolderPrettyId,
  mayReviewDuplicates,
  type FolderNode,
  type View,
} from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { folderTreeQueryOptions } from '../../api/assets.queries';
import { assetCountsQueryOptions } from '../../api/counts.queries';
import { RouterLink } from '../../components/ui/router-link';
import { useLanguage } from '../../i18n/use-language';
import { useSession } from '../session/use-session';
import { InlineError } from '../ui/inline-error';
import { resolveView, viewsForSession } from './views-for-session';

const linkStyle = {
  px: '3',
  py: '2',
  rounded: 'l2',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
  _currentPage: { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' },
} as const;

/** The folder a view's count counts (SPEC §6 counts: `<code>-<department>`), if it is in the tree. */
function countedFolderId(
  roots: readonly FolderNode[],
  view: View,
  department: string | null,
): string | undefined {
  const code = COUNTED_VIEW_FOLDERS[view];
  if (!code || !department) return undefined;
  const prettyId = departmentFolderPrettyId(code, department);
  const search = (nodes: readonly FolderNode[]): string | undefined => {
    for (const node of nodes) {
      if (node.prettyId === prettyId) return node.id;
      const below = search(node.children ?? []);
      if (below) return below;
    }
    return undefined;
  };
  return search(roots);
}

/**
 * Counts that are not a view's size say what they count: an approver's queue, a supplier's
 * deliveries that came back rejected (issue 23).
 */
const COUNT_LABELS: Partial<Record<View, 'views.waitingForYou' | 'views.cameBackRejected'>> = {
  approver: 'views.waitingForYou',
  supplierSent: 'views.cameBackRejected',
};

/** The views the user's roles reach; the duplicates review for its reviewers, administration only for admins. */
export function AppNav() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const home = useMatch({ from: '/_authenticated/home', shouldThrow: false });
  // Plain /home shows the default view, so its link is current although the address names no view.
  const currentView = home ? resolveView(session, home.search.view) : null;
  const counted = useQuery(assetCountsQueryOptions());
  const counts = counted.data ?? {};
  const numbers = new Intl.NumberFormat(i18n.language);
  const [language] = useLanguage();
  const roots = useQuery(folderTreeQueryOptions(language)).data?.roots ?? [];
  const reviewer = mayReviewDuplicates(session.roles);
  const admin = session.roles.includes('admin');
  return (
    <Stack gap="1" p="3">
      {viewsForSession(session).map((view) => {
        const count = counts[view];
        const counted = countedFolderId(roots, view, session.department);
        return (
          <HStack key={view} gap="1">
            <RouterLink
              to="/home"
              search={{ view }}
              aria-current={view === currentView ? 'page' : undefined}
              flex="1"
              {...linkStyle}
            >
              {t(`views.${view}`)}
            </RouterLink>
            {count !== undefined ? (
              // The badge opens the very folder it counts: the user's department's, not the first found.
              <RouterLink
                to="/home"
                search={counted ? { view, folder: counted } : { view }}
                // Not repeating the view's name: the view's own link keeps its name to itself.
                aria-label={
                  COUNT_LABELS[view] ? t(COUNT_LABELS[view], { count }) : t('views.openCounted', { count })
                }
                title={COUNT_LABELS[view] ? t(COUNT_LABELS[view], { count }) : t(`views.${view}`)}
                rounded="l2"
                _hover={{ textDecoration: 'none', bg: 'brand.subtle' }}
                p="1"
              >
                <Badge
                  variant="subtle"
                  colorPalette={view === 'supplierSent' && count > 0 ? 'orange' : 'gray'}
                >
                  {numbers.format(count)}
                </Badge>
              </RouterLink>
            ) : null}
          </HStack>
        );
      })}
      {counted.isError ? (
        <InlineError
          message={t(`error.codes.${E_CODES.CONTENT_COUNTS_FAILED}`)}
          error={counted.error}
          onRetry={() => void counted.refetch()}
          retrying={counted.isFetching}
        />
      ) : null}
      {/* The wizard's steps are not listed: without a selection they have nothing to show, and the
          wizard carries its own step list, opened from the smart bar or the detail's tag action. */}
      {reviewer || admin ? <Separator my="2" /> : null}
      {reviewer ? (
        <RouterLink to="/duplicates" {...linkStyle}>
          {t('sections.duplicates')}
        </RouterLink>
      ) : null}
      {admin ? (
        <RouterLink to="/manage" {...linkStyle}>
          {t('sections.manage')}
        </RouterLink>
      ) : null}
    </Stack>
  );
}
