import type { ParseKeys } from 'i18next';
import type { View } from '@paddock/rules';
import { createElement, type ComponentType, type ReactNode } from 'react';

/** The areas with their own loader overlay (SPEC §2 Home). */
export type LoaderArea = 'grid' | 'main' | 'sidebar' | 'loadingMore';

export interface FullScreenLoader {
  text?: string;
  counter?: { done: number; total: number };
}

export interface ErrorDialogContent {
  /** Already translated; 'ERROR' (error.titleError) when absent. */
  title?: string;
  /** An E-code of SPEC §8 or a hub error code, shown as 'Error code: …'. */
  code?: string;
  /** Already translated; the dialog falls back to the generic 'could not be performed' message. */
  message?: string;
  /** Technical detail, folded away until the user asks for it. */
  trace?: string;
  /** Where the user can go about it (already translated): a home view and folder. */
  link?: { label: string; view: View; folder: string };
  onOk?: () => void;
}

/**
 * A notice's words as a catalogue key and its values, translated when shown: a notice keeps the
 * language of its reader, who may switch while it is up (issue 23). A value that is itself a
 * NoticeText is translated too; strings and numbers are data (names, counts) shown as they are.
 */
export interface NoticeText {
  key: ParseKeys;
  params?: Readonly<Record<string, string | number | NoticeText>>;
}

/** A short message after an action (what happened, where the asset went), with Undo when it can be undone. */
export interface Notice {
  id: number;
  message: NoticeText;
  /** Runs the undo; the notice closes when clicked. */
  undo?: () => void;
}

interface ModalEntry {
  render(): ReactNode;
}

/** The UI state of SPEC §4: loaders, error banner, the one error dialog and the modal slot. */
export interface UiState {
  loaders: Readonly<Record<LoaderArea, boolean>>;
  fullScreenLoader: FullScreenLoader | null;
  errorBanner: string | null;
  errorDialog: ErrorDialogContent | null;
  modal: ModalEntry | null;
  /** Oldest first; each closes by itself after NOTICE_MS (or when its Undo or close is clicked). */
  notices: readonly Notice[];
}

/** How long a notice stays; one with Undo stays longer, to leave time to reach the button. */
export const NOTICE_MS = 6_000;
export const NOTICE_WITH_UNDO_MS = 10_000;
/** At most this many notices at once: a burst of actions does not cover the page. */
const MAX_NOTICES = 4;

const initialState: UiState = {
  loaders: { grid: false, main: false, sidebar: false, loadingMore: false },
  fullScreenLoader: null,
  errorBanner: null,
  errorDialog: null,
  modal: null,
  notices: [],
};

export function createUiStore() {
  let state = initialState;
  let nextNotice = 0;
  const listeners = new Set<() => void>();
  const update = (patch: Partial<UiState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  return {
    getState: (): UiState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setLoader(area: LoaderArea, visible: boolean): void {
      update({ loaders: { ...state.loaders, [area]: visible } });
    },
    showFullScreenLoader(loader: FullScreenLoader = {}): void {
      update({ fullScreenLoader: loader });
    },
    hideFullScreenLoader(): void {
      update({ fullScreenLoader: null });
    },
    showErrorBanner(message: string): void {
      update({ errorBanner: message });
    },
    hideErrorBanner(): void {
      update({ errorBanner: null });
    },
    /** Only one error dialog at a time (SPEC §2): while one is open, later errors are dropped. */
    showError(content: ErrorDialogContent = {}): boolean {
      if (state.errorDialog) return false;
      update({ errorDialog: content });
      return true;
    },
    closeError(): void {
      update({ errorDialog: null });
    },
    /** The modal slot: set with a component and its props, hidden by clearing. */
    setModal<P extends object>(component: ComponentType<P>, props: P): void {
      update({ modal: { render: () => createElement(component, props) } });
    },
    clearModal(): void {
      update({ modal: null });
    },
    notify(notice: Omit<Notice, 'id'>): number {
      const id = ++nextNotice;
      update({ notices: [...state.notices, { ...notice, id }].slice(-MAX_NOTICES) });
      return id;
    },
    dismissNotice(id: number): void {
      if (state.notices.some((n) => n.id === id))
        update({ notices: state.notices.filter((n) => n.id !== id) });
    },
  };
}

export type UiStore = ReturnType<typeof createUiStore>;
