import { Box } from '@chakra-ui/react';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const TREE_WIDTH = { min: 200, initial: 240, max: 480 } as const;
const STEP = 16;
const STORAGE_KEY = 'paddock.treeWidth';

const clamp = (value: number) => Math.round(Math.min(TREE_WIDTH.max, Math.max(TREE_WIDTH.min, value)));

function storedWidth(): number {
  const saved = Number(localStorage.getItem(STORAGE_KEY));
  return Number.isFinite(saved) && saved > 0 ? clamp(saved) : TREE_WIDTH.initial;
}

/** The folder-tree panel's width, kept across visits on this browser. */
export function useTreeWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(storedWidth);
  const set = (next: number) => {
    const clamped = clamp(next);
    setWidth(clamped);
    localStorage.setItem(STORAGE_KEY, String(clamped));
  };
  return [width, set];
}

interface TreePanelResizerProps {
  width: number;
  onWidth(width: number): void;
  controls: string;
}

/** A vertical splitter between the tree and the listing: drag it, or focus it and use the arrow keys. */
export function TreePanelResizer({ width, onWidth, controls }: TreePanelResizerProps) {
  const { t } = useTranslation();
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (moved: globalThis.PointerEvent) => onWidth(startWidth + moved.clientX - startX);
    const stop = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', stop);
      target.removeEventListener('pointercancel', stop);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', stop);
    target.addEventListener('pointercancel', stop);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowLeft: -STEP, ArrowRight: STEP }[event.key];
    if (delta !== undefined) {
      event.preventDefault();
      onWidth(width + delta);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onWidth(event.key === 'Home' ? TREE_WIDTH.min : TREE_WIDTH.max);
    }
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={t('home.resizeTree')}
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={TREE_WIDTH.min}
      aria-valuemax={TREE_WIDTH.max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onWidth(TREE_WIDTH.initial)}
      display={{ base: 'none', lg: 'block' }}
      flexShrink={0}
      w="3"
      mx="0.5"
      alignSelf="stretch"
      cursor="col-resize"
      position="relative"
      touchAction="none"
      rounded="full"
      _before={{
        content: '""',
        position: 'absolute',
        insetY: '0',
        left: '50%',
        w: '2px',
        ms: '-1px',
        bg: 'transparent',
        transition: 'background 0.15s',
      }}
      _hover={{ _before: { bg: 'border.emphasized' } }}
      _focusVisible={{ outline: 'none', _before: { bg: 'brand.solid' } }}
    />
  );
}
