import { Box, IconButton } from '@chakra-ui/react';
import type { PlateBox, PlateBoxShape } from '@paddock/rules';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  arrowStep,
  boxBetween,
  byHand,
  isDrawn,
  moveBox,
  pointIn,
  resizeBox,
  type Point,
} from './box-geometry';
import { BOX_LOOK, boxPosition } from './plate-boxes-overlay';

interface PlateBoxLayerProps {
  boxes: readonly PlateBox[];
  onChange(boxes: PlateBox[]): void;
  selected: number | null;
  onSelect(index: number | null): void;
}

/** What a pointer held down is doing: drawing a new box, or moving or resizing the box it took. */
type Drag =
  { mode: 'draw'; start: Point } | { mode: 'move' | 'resize'; index: number; start: Point; box: PlateBox };

/**
 * The boxes over the picture, to edit: drag on the picture to draw one, drag a box to move it, its
 * corner to resize it; with the keyboard, Tab to a box, arrows move it, Shift+arrows resize it,
 * Delete removes it. Laid exactly over the picture, so pointer positions are fractions of it.
 */
export function PlateBoxLayer({ boxes, onChange, selected, onSelect }: PlateBoxLayerProps) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const [draft, setDraft] = useState<PlateBoxShape | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  // A box just drawn takes the focus, so the keyboard (Delete, arrows) acts on it at once.
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    layer.current?.querySelector<HTMLElement>(`[data-box-index="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  const pointOf = (event: PointerEvent<HTMLElement>) =>
    pointIn(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
  const replace = (index: number, box: PlateBox) => onChange(boxes.map((b, i) => (i === index ? box : b)));
  const remove = (index: number) => {
    onChange(boxes.filter((_, i) => i !== index));
    onSelect(null);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    // The remove button is clicked, not dragged.
    if (target?.closest('button')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const start = pointOf(event);
    const held = target?.closest<HTMLElement>('[data-box-index]');
    const index = held ? Number(held.dataset.boxIndex) : -1;
    const box = boxes[index];
    if (box) {
      onSelect(index);
      held?.focus();
      drag.current = { mode: target?.closest('[data-handle]') ? 'resize' : 'move', index, start, box };
    } else {
      onSelect(null);
      drag.current = { mode: 'draw', start };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const point = pointOf(event);
    if (current.mode === 'draw') {
      setDraft(boxBetween(current.start, point));
      return;
    }
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    // A click on a box only selects it: a detector's box stays the detector's until it is changed.
    if (dx === 0 && dy === 0) return;
    const changed = current.mode === 'move' ? moveBox(current.box, dx, dy) : resizeBox(current.box, dx, dy);
    replace(current.index, byHand(changed));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    drag.current = null;
    setDraft(null);
    if (current?.mode !== 'draw') return;
    const drawn = boxBetween(current.start, pointOf(event));
    if (!isDrawn(drawn)) return;
    onChange([...boxes, byHand(drawn)]);
    onSelect(boxes.length);
    focusNext.current = boxes.length;
  };
  const onPointerCancel = () => {
    drag.current = null;
    setDraft(null);
  };

  const onBoxKeyDown = (index: number, event: KeyboardEvent<HTMLElement>) => {
    const box = boxes[index];
    if (!box) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(index);
      return;
    }
    const step = arrowStep(event.key);
    if (!step) return;
    // The arrows belong to the box here: the detail behind does not step to another asset.
    event.preventDefault();
    event.stopPropagation();
    replace(index, byHand(event.shiftKey ? resizeBox(box, ...step) : moveBox(box, ...step)));
  };

  return (
    <Box
      ref={layer}
      position="absolute"
      inset="0"
      cursor="crosshair"
      style={{ touchAction: 'none' }}
      data-testid="plate-box-layer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {boxes.map((box, index) => (
        <Box
          key={index}
          data-box-index={index}
          data-source={box.source}
          tabIndex={0}
          role="group"
          aria-roledescription={t('plates.editor.boxRole')}
          aria-label={t(`plates.editor.box.${box.source}`, { number: index + 1, count: boxes.length })}
          aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowRight Shift+ArrowDown Delete"
          position="absolute"
          borderWidth="2px"
          cursor="move"
          {...BOX_LOOK[box.source]}
          outline={selected === index ? '2px solid' : undefined}
          outlineColor="white"
          outlineOffset="1px"
          _focusVisible={{ outline: '3px solid', outlineColor: 'focusRing' }}
          style={boxPosition(box)}
          onFocus={() => onSelect(index)}
          onKeyDown={(event) => onBoxKeyDown(index, event)}
        >
          {selected === index ? (
            <>
              <IconButton
                size="2xs"
                variant="solid"
                colorPalette="red"
                position="absolute"
                top="-3"
                right="-3"
                rounded="full"
                aria-label={t('plates.editor.remove', { number: index + 1 })}
                onClick={() => remove(index)}
              >
                <X />
              </IconButton>
              <Box
                data-handle
                aria-hidden
                position="absolute"
                right="-1.5"
                bottom="-1.5"
                boxSize="3"
                bg="white"
                borderWidth="2px"
                borderColor={BOX_LOOK[box.source].borderColor}
                cursor="nwse-resize"
              />
            </>
          ) : null}
        </Box>
      ))}
      {draft ? (
        <Box
          position="absolute"
          borderWidth="2px"
          {...BOX_LOOK.manual}
          style={boxPosition(draft)}
          data-testid="plate-box-draft"
        />
      ) : null}
    </Box>
  );
}
