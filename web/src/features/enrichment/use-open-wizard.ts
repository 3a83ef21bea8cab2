import { useMatch, useNavigate } from '@tanstack/react-router';

/**
 * Opens the wizard's first step on a selection (the smart bar) or on one asset (the detail modal's
 * tag action, SPEC §2 "detail mode"), remembering the view to come back to.
 */
export function useOpenWizard(): (folderId: string, contentIds: readonly string[], detail?: string) => void {
  const navigate = useNavigate();
  const home = useMatch({ from: '/_authenticated/home', shouldThrow: false });
  return (folderId, contentIds, detail) =>
    void navigate({
      to: '/product',
      search: { folder: folderId, ids: contentIds.join(','), view: home?.search.view, detail },
    });
}
