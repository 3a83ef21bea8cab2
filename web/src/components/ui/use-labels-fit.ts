import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What an icon-only bar's labelled width depends on: its buttons' names. */
const buttonNamesOf = (bar: HTMLElement) =>
  Array.from(bar.querySelectorAll('button'), (button) => button.getAttribute('aria-label')).join('\n');

/**
 * For a one-row bar (its width set by its container, its content in one row): whether its buttons
 * must drop their labels to fit. It turns icon-only once the labelled row is wider than the bar, and
 * back once the bar is as wide as that row was, or the buttons changed (the language, the actions
 * offered). Measured before paint, so the labelled row that does not fit is never seen.
 */
export function useLabelsFit() {
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const [iconOnly, setIconOnly] = useState(false);
  // The labelled row's width, and the icon-only buttons' names (read from the icon-only row itself,
  // so that a label differing from its button's text cannot make the bar flip back and forth).
  const labelled = useRef<{ width: number; names: string | null }>({ width: 0, names: null });

  const fit = useCallback(() => {
    if (!bar) return;
    if (!iconOnly) {
      if (bar.scrollWidth <= bar.clientWidth) return;
      labelled.current = { width: bar.scrollWidth, names: null };
      setIconOnly(true);
      return;
    }
    const names = buttonNamesOf(bar);
    labelled.current.names ??= names;
    if (bar.clientWidth >= labelled.current.width || names !== labelled.current.names) setIconOnly(false);
  }, [bar, iconOnly]);

  // After every render: the buttons, their labels or the bar's other content may have changed.
  useLayoutEffect(fit);
  useEffect(() => {
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [bar, fit]);

  return { ref: setBar, iconOnly };
}
