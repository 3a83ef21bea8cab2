import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What an icon-only bar's labelled width depends on: its text (a count, a progress) and its buttons' names. */
const contentOf = (bar: HTMLElement) =>
  [
    bar.textContent,
    ...Array.from(bar.querySelectorAll('button'), (button) => button.getAttribute('aria-label')),
  ].join('\n');

/**
 * For a one-row bar (its width set by its container, its content in one row): whether its buttons
 * must drop their labels to fit. It turns icon-only once the labelled row is wider than the bar, and
 * back once the bar is as wide as that row was, or to measure again when the content changed (the
 * language, the actions offered, the count, a job's progress). A change of content is measured
 * before paint, so a labelled row that does not fit is not seen then.
 */
export function useLabelsFit() {
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const [iconOnly, setIconOnly] = useState(false);
  // The labelled row's width, and the content it was measured with (read from the icon-only row
  // itself, so that what the labels add to the text cannot make the bar flip back and forth).
  const labelled = useRef<{ width: number; content: string | null }>({ width: 0, content: null });

  const fit = useCallback(() => {
    if (!bar) return;
    if (!iconOnly) {
      if (bar.scrollWidth <= bar.clientWidth) return;
      labelled.current = { width: bar.scrollWidth, content: null };
      setIconOnly(true);
      return;
    }
    const content = contentOf(bar);
    labelled.current.content ??= content;
    if (bar.clientWidth >= labelled.current.width || content !== labelled.current.content) setIconOnly(false);
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
