import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { UiState, UiStore } from './ui-store';

const UiStoreContext = createContext<UiStore | null>(null);

export function UiStoreProvider({ store, children }: { store: UiStore; children: ReactNode }) {
  return <UiStoreContext.Provider value={store}>{children}</UiStoreContext.Provider>;
}

/** The store's actions (and state, for event handlers). */
export function useUiStore(): UiStore {
  const store = useContext(UiStoreContext);
  if (!store) throw new Error('useUiStore needs a UiStoreProvider above it');
  return store;
}

/** Subscribes to one slice of the UI state; `select` must return part of the state, not a new object. */
export function useUiState<T>(select: (state: UiState) => T): T {
  const store = useUiStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
