import type { AssetDetail } from '@paddock/rules';
import { useQueries } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { assetInFolderQueryOptions } from '../../api/workflow.queries';
import { useLanguage } from '../../i18n/use-language';
import type { WizardStep } from './validation';
import { idsOf, wizardSearchSchema, type WizardSearch } from './wizard-search';
import {
  clearWorkingState,
  emptyWorkingState,
  loadWorkingState,
  saveWorkingState,
  type WizardSelection,
  type WorkingState,
} from './working-state';

export interface Wizard {
  search: WizardSearch;
  /** Null when the address names no folder or no asset (the wizard was not opened on a selection). */
  selection: WizardSelection | null;
  state: WorkingState;
  update(change: (state: WorkingState) => WorkingState): void;
  /** Forgets the working state (after a confirmed enrichment). */
  clear(): void;
  /** The selected assets as far as loaded (for mandatory values already set and the overwrite warning). */
  assets: AssetDetail[];
  goTo(step: WizardStep): void;
  backToListing(): void;
}

/**
 * The wizard's selection (from its address) and its working state, kept in session storage under
 * the selection so that a reload, back and forward find it again (SPEC §3 "Enrichment working state").
 */
export function useWizard(): Wizard {
  const search = wizardSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [language] = useLanguage();
  const ids = idsOf(search);
  const key = `${search.folder ?? ''}|${ids.join(',')}`;
  const selection = useMemo<WizardSelection | null>(
    () => (search.folder && ids.length ? { folderId: search.folder, contentIds: ids } : null),
    // The key says everything the selection holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const [state, setState] = useState<WorkingState>(() =>
    selection ? loadWorkingState(sessionStorage, selection) : emptyWorkingState(),
  );
  const update = useCallback(
    (change: (state: WorkingState) => WorkingState) =>
      setState((previous) => {
        const next = change(previous);
        if (selection) saveWorkingState(sessionStorage, selection, next);
        return next;
      }),
    [selection],
  );
  const details = useQueries({
    queries: (selection?.contentIds ?? []).map((id) =>
      assetInFolderQueryOptions(id, selection?.folderId ?? '', language),
    ),
  });
  const assets = details.flatMap((d) => (d.data ? [d.data] : []));

  return {
    search,
    selection,
    state,
    update,
    clear: () => {
      if (selection) clearWorkingState(sessionStorage, selection);
    },
    assets,
    goTo: (step) => void navigate({ to: `/${step}`, search }),
    backToListing: () =>
      void navigate({
        to: '/home',
        search: { view: search.view, folder: search.folder, asset: search.detail },
      }),
  };
}
