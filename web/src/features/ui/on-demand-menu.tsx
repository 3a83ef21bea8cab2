import {
  cloneElement,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import { usePreloadWhenIdle } from './on-demand';

/** What a trigger gives the menu or popover it opens: its own handlers are kept. */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onClick?(event: MouseEvent<HTMLElement>): void;
  onKeyDown?(event: KeyboardEvent<HTMLElement>): void;
  onFocus?(event: FocusEvent<HTMLElement>): void;
  onPointerEnter?(event: PointerEvent<HTMLElement>): void;
}

/** The loaded part renders the trigger it is given inside its `Menu.Trigger` or `Popover.Trigger` (asChild). */
export interface OnDemandMenuProps {
  trigger: ReactElement<TriggerProps>;
}

/** The user's first opening, repeated on the loaded trigger. */
type Opening = { kind: 'click' } | { kind: 'key'; key: string };

/** A menu opens from its trigger with these keys (as Ark's menu does); a popover with a click, which Enter and Space give. */
const OPENING_KEYS = { menu: ['Enter', ' ', 'ArrowDown', 'ArrowUp'], popover: [] } as const;

/**
 * A menu or popover whose code (Ark's state machine, the positioning) is fetched on demand: its
 * trigger renders at once, with the same name and look, and the rest comes when the browser is
 * idle after the first render, when the pointer or the focus reaches the trigger, or at the latest
 * on the first click or opening key, which is then repeated on the loaded trigger: it opens as if
 * it had always been there (issue 26). `trigger` must forward its ref and props (as Chakra's
 * buttons do).
 */
export function onDemandMenu<P extends object>(
  load: () => Promise<ComponentType<P & OnDemandMenuProps>>,
  popup: keyof typeof OPENING_KEYS = 'menu',
) {
  let Loaded: ComponentType<P & OnDemandMenuProps> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = undefined; // the next approach tries again
        throw error;
      },
    ));

  /** Fetched ahead without waiting: a failure is tried again at the user's approach. */
  const part = { preload: () => void preload().catch(() => undefined) };

  function OnDemandMenu(props: P & OnDemandMenuProps) {
    const { trigger } = props;
    const ref = useRef<HTMLElement>(null);
    // Once asked for and loaded, the real menu stays: the trigger is swapped only on the user's act.
    const [asked, setAsked] = useState(false);
    const [opening, setOpening] = useState<Opening | null>(null);
    usePreloadWhenIdle(part);
    const shown = asked && Loaded !== undefined;
    useEffect(() => {
      const element = ref.current;
      if (!shown || !opening || !element) return;
      setOpening(null);
      element.focus();
      if (opening.kind === 'click') element.click();
      else
        element.dispatchEvent(
          new globalThis.KeyboardEvent('keydown', { key: opening.key, bubbles: true, cancelable: true }),
        );
    }, [shown, opening]);

    if (shown && Loaded) return <Loaded {...props} trigger={cloneElement(trigger, { ref })} />;
    const ask = (next: Opening) => {
      setOpening(next);
      if (Loaded) setAsked(true);
      else
        preload().then(
          () => setAsked(true),
          () => setOpening(null),
        );
    };
    const own = trigger.props;
    return cloneElement(trigger, {
      ref,
      'aria-haspopup': popup === 'menu' ? 'menu' : 'dialog',
      'aria-expanded': false,
      onPointerEnter: (event: PointerEvent<HTMLElement>) => {
        own.onPointerEnter?.(event);
        part.preload();
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        part.preload();
      },
      onClick: (event: MouseEvent<HTMLElement>) => {
        own.onClick?.(event);
        if (!event.defaultPrevented) ask({ kind: 'click' });
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        own.onKeyDown?.(event);
        if (event.defaultPrevented || !(OPENING_KEYS[popup] as readonly string[]).includes(event.key)) return;
        event.preventDefault();
        ask({ kind: 'key', key: event.key });
      },
    } as Partial<TriggerProps>);
  }
  return Object.assign(OnDemandMenu, part);
}
