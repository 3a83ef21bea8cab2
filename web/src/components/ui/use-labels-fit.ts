import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a bar's labelled width depends on: its text (a count, a progress) and its buttons' names. */
const contentOf = (bar: HTMLElement) =>
  [
    bar.textContent,
    ...Array.from(bar.querySelectorAll('button'), (button) => button.getAttribute('aria-label')),
  ].join('\n');

/**
 * For a one-row bar (its width set by its container, its content in one row): how many of its
 * buttons must drop their labels to fit, the least needed first. Stage 0 shows every label; each
 * further stage, up to `stages`, takes one more button's label away (the caller decides the order).
 * A stage is entered when the row of the stage before is wider than the bar, and left once the bar is
 * as wide as that row was, or to measure again from stage 0 when the content changed (the language,
 * the actions offered, the count, a job's progress). Stages change before paint, so a row that does
 * not fit is not seen.
 */
export function useLabelsFit(stages: number) {
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const [stage, setStage] = useState(0);
  // The width of the row at each stage left for the next, and the content the current stage was
  // measured with (read at that stage itself, so that what a label adds to the text cannot make the
  // bar flip back and forth).
  const measured = useRef<{ widths: number[]; content: string | null }>({ widths: [], content: null });

  const fit = useCallback(() => {
    if (!bar) return;
    const to = (next: number) => {
      measured.current.content = null;
      setStage(next);
    };
    if (stage < stages && bar.scrollWidth > bar.clientWidth) {
      measured.current.widths[stage] = bar.scrollWidth;
      return to(stage + 1);
    }
    if (stage === 0) return;
    const content = contentOf(bar);
    measured.current.content ??= content;
    if (content !== measured.current.content) {
      measured.current.widths = [];
      return to(0);
    }
    if (bar.clientWidth >= (measured.current.widths[stage - 1] ?? Infinity)) to(stage - 1);
  }, [bar, stage, stages]);

  // After every render: the buttons, their labels or the bar's other content may have changed.
  useLayoutEffect(fit);
  useEffect(() => {
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [bar, fit]);

  return { ref: setBar, stage };
}
