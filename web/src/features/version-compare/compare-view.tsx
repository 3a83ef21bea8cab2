import {
  Box,
  Button,
  ButtonGroup,
  chakra,
  Dialog,
  Flex,
  Heading,
  HStack,
  IconButton,
  Image,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  checklistProgress,
  INTL_LOCALES,
  type AssetDetail,
  type CarriedRejection,
  type ChecklistMark,
  type DrawingRegion,
} from '@paddock/rules';
import { ZoomIn, ZoomOut } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { DialogSidePanel } from '../ui/dialog-side-panel';
import { useElementSize } from '../ui/use-element-size';
import { DrawingLayer } from '../workflow/drawing-layer';
import { ChecklistPanel } from './checklist-panel';
import { RegionMarkers } from './region-markers';
import {
  FIT,
  fittedSize,
  focusOn,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  stagePoint,
  zoomAt,
  zoomStep,
  type Size,
  type ViewTransform,
} from './view-transform';

export interface CompareViewProps {
  /** The asset at its current version (asset.version), with asset.workflow (note, rejectedBy) and asset.checklist. */
  asset: AssetDetail;
  rejection: CarriedRejection;
  /** Image of the rejected version (rejection.drawnOn) and of the current one. */
  earlierUrl: string;
  currentUrl: string;
  /** Whether this user may set marks (an approver who may accept here). */
  mayMark: boolean;
  marking: boolean;
  onMark(region: number, mark: ChecklistMark | null): void;
  /** Shown when given: accept is enabled only when checklistProgress(...).complete. */
  onAccept?(): void;
  /** Shown when given: reject again, with the regions still marked "not fixed". */
  onReject?(notFixed: number[]): void;
  onClose(): void;
}

const MODES = ['sideBySide', 'overlay'] as const;
type CompareMode = (typeof MODES)[number];

/** Width over height until an image's own size is known (and in tests, where nothing loads). */
const FALLBACK_ASPECT_RATIO = 4 / 3;
/** Wheel travel, in pixels, that doubles or halves the scale. */
const WHEEL_PIXELS_PER_DOUBLING = 400;
/** Browsers that scroll by lines (Firefox with a mouse wheel) report lines: about this many pixels each. */
const PIXELS_PER_LINE = 16;
const DOUBLE_CLICK_SCALE = 2;

const aspectRatioOf = (size: Partial<Size> | null) =>
  size?.width && size.height ? size.width / size.height : undefined;

const naturalSize = (image: HTMLImageElement): Size => ({
  width: image.naturalWidth,
  height: image.naturalHeight,
});

interface ComparePaneProps {
  label: string;
  testId: string;
  /** Every pane's size: side by side they are equal, so one is measured for all. */
  size: Size;
  aspectRatio: number;
  view: ViewTransform;
  onView: Dispatch<SetStateAction<ViewTransform>>;
  /** Given to the pane that is measured. */
  measureRef?: (element: HTMLDivElement | null) => void;
  /** The image and what is laid over it, filling the image's box. */
  children: ReactNode;
}

/**
 * One pane: the image's box sized and placed by the shared view, so the other pane follows each
 * wheel turn, drag and double-click here. The box is sized, not CSS-scaled: DrawingLayer sets its
 * pen widths from its measured on-screen width, which a scale() would skew once measured zoomed,
 * and the region numbers keep their size.
 */
function ComparePane({
  label,
  testId,
  size,
  aspectRatio,
  view,
  onView,
  measureRef,
  children,
}: ComparePaneProps) {
  const captionId = useId();
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const ref = useCallback(
    (pane: HTMLDivElement | null) => {
      setElement(pane);
      measureRef?.(pane);
    },
    [measureRef],
  );
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const stage = fittedSize(aspectRatio, size);
  // The box's top-left corner from the pane's centre.
  const left = (view.x - view.scale / 2) * stage.width;
  const top = (view.y - view.scale / 2) * stage.height;
  const endDrag = () => {
    drag.current = null;
  };

  const pointOf = (event: { clientX: number; clientY: number }) => {
    const rect = element?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    const offset = {
      x: event.clientX - rect.left - rect.width / 2,
      y: event.clientY - rect.top - rect.height / 2,
    };
    return stagePoint(offset, stage);
  };

  // React listens to the wheel passively: a listener of its own may keep the page (or, with Ctrl
  // on a touchpad pinch, the browser) from zooming too.
  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    const pixels = event.deltaY * (event.deltaMode === WheelEvent.DOM_DELTA_LINE ? PIXELS_PER_LINE : 1);
    const point = pointOf(event);
    onView((t) => zoomAt(t, 2 ** (-pixels / WHEEL_PIXELS_PER_DOUBLING), point));
  });
  useEffect(() => {
    if (!element) return;
    const listener = (event: WheelEvent) => onWheel(event);
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, [element]);

  return (
    <chakra.figure
      ref={ref}
      aria-labelledby={captionId}
      data-testid={testId}
      position="relative"
      flex="1 1 0"
      minW="0"
      h="full"
      m="0"
      overflow="hidden"
      bg="bg.muted"
      rounded="l2"
      cursor={view.scale > MIN_SCALE ? 'grab' : 'zoom-in'}
      _active={view.scale > MIN_SCALE ? { cursor: 'grabbing' } : undefined}
      userSelect="none"
      style={{ touchAction: 'none' }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      }}
      onPointerMove={(event) => {
        const from = drag.current;
        if (from?.pointerId !== event.pointerId) return;
        drag.current = { ...from, x: event.clientX, y: event.clientY };
        const [dx, dy] = [event.clientX - from.x, event.clientY - from.y];
        onView((t) => panBy(t, dx, dy, stage));
      }}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={(event) => {
        const point = pointOf(event);
        onView((t) => (t.scale > MIN_SCALE ? FIT : zoomAt(t, DOUBLE_CLICK_SCALE, point)));
      }}
    >
      <Box
        data-testid="compare-stage"
        data-scale={view.scale}
        position="absolute"
        left="50%"
        top="50%"
        style={{
          width: stage.width * view.scale,
          height: stage.height * view.scale,
          transform: `translate(${left}px, ${top}px)`,
        }}
      >
        {children}
      </Box>
      <chakra.figcaption
        id={captionId}
        // At the bottom: a region's number sits at its box's top-left corner, often near the top.
        position="absolute"
        bottom="2"
        insetStart="2"
        px="2"
        py="0.5"
        rounded="l1"
        fontSize="sm"
        fontWeight="medium"
        bg="bg.panel/85"
        boxShadow="xs"
        pointerEvents="none"
      >
        {label}
      </chakra.figcaption>
    </chakra.figure>
  );
}

/** An image filling its pane's box; its natural size, once loaded, gives the box its proportions. */
function PaneImage(props: { src: string; alt: string; onSize?(size: Size): void; opacity?: number }) {
  return (
    <Image
      src={props.src}
      alt={props.alt}
      position="absolute"
      inset="0"
      w="full"
      h="full"
      maxW="none"
      objectFit="fill"
      draggable={false}
      style={props.opacity === undefined ? undefined : { opacity: props.opacity }}
      onLoad={(event) => props.onSize?.(naturalSize(event.currentTarget))}
    />
  );
}

/**
 * Compare the rejected version with the current one, to check the corrections asked: side by side
 * or one over the other, zoomed and panned together, with the checklist of the drawing's regions
 * and the decision. The rejected version is only shown: there is nothing to draw here.
 */
export function CompareView(props: CompareViewProps) {
  const { asset, rejection, mayMark, marking, onMark, onAccept, onReject, onClose } = props;
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [mode, setMode] = useState<CompareMode>('sideBySide');
  const [view, setView] = useState<ViewTransform>(FIT);
  const [opacity, setOpacity] = useState(50);
  const [selected, setSelected] = useState<number>();
  const [earlierSize, setEarlierSize] = useState<Size | null>(null);
  const [currentSize, setCurrentSize] = useState<Size | null>(null);
  const [measured, setMeasured] = useState<HTMLDivElement | null>(null);
  const paneSize = useElementSize(measured);
  const hintId = useId();

  // The hub's pixels of the current version when it knows them; the earlier version's are not kept,
  // so its loaded image's, or the current one's standing in.
  const currentAspect =
    aspectRatioOf({ width: asset.width, height: asset.height }) ??
    aspectRatioOf(currentSize) ??
    FALLBACK_ASPECT_RATIO;
  const earlierAspect = aspectRatioOf(earlierSize) ?? currentAspect;

  const marks = asset.checklist?.marks ?? [];
  const markOf = Object.fromEntries(marks.map((entry) => [entry.region, entry.mark]));
  const progress = checklistProgress(rejection.regions.length, marks);
  const percent = new Intl.NumberFormat(INTL_LOCALES[language], {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const earlierLabel = t('versionCompare.pane.earlier', { version: rejection.drawnOn });
  const drawingLabel = t('workflow.drawing.earlier', { version: rejection.drawnOn });
  const markers = <RegionMarkers regions={rejection.regions} selected={selected} marks={markOf} />;
  const pane = { size: paneSize, view, onView: setView };

  const focus = (region: DrawingRegion) => {
    setSelected(region.number);
    // Sized on the image the regions lie over: the earlier one, or in overlay the current one.
    const aspect = mode === 'overlay' ? currentAspect : earlierAspect;
    setView(focusOn(region.box, paneSize, fittedSize(aspect, paneSize)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // With a modifier the key is the browser's (Ctrl + and Ctrl 0 zoom the page).
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next =
      event.key === '+' || event.key === '='
        ? zoomStep(view, 1)
        : event.key === '-'
          ? zoomStep(view, -1)
          : event.key === '0'
            ? FIT
            : null;
    if (!next) return;
    event.preventDefault();
    setView(next);
  };

  return (
    <Dialog.Root
      open
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            w="calc(100vw - 2rem)"
            maxW="100rem"
            h="calc(100dvh - 2rem)"
            maxH="calc(100dvh - 2rem)"
            my="4"
            onKeyDown={onKeyDown}
          >
            <Dialog.Header flexDirection="column" alignItems="start" gap="1">
              <Dialog.Title>{t('versionCompare.title')}</Dialog.Title>
              <Dialog.Description color="fg.muted" fontSize="sm">
                {t('versionCompare.subtitle', { earlier: rejection.drawnOn, version: asset.version })}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body display="flex" gap="4" minH="0" overflow="hidden">
              <Flex direction="column" flex="1" minW="0" minH="0" gap="3">
                <HStack gap="4" wrap="wrap">
                  <ButtonGroup
                    size="sm"
                    variant="outline"
                    attached
                    role="group"
                    aria-label={t('versionCompare.mode.label')}
                  >
                    {MODES.map((option) => (
                      <Button
                        key={option}
                        aria-pressed={mode === option}
                        variant={mode === option ? 'solid' : 'outline'}
                        onClick={() => setMode(option)}
                      >
                        {t(`versionCompare.mode.${option}`)}
                      </Button>
                    ))}
                  </ButtonGroup>
                  <HStack gap="1" role="group" aria-label={t('versionCompare.zoom.label')}>
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={t('versionCompare.zoom.out')}
                      disabled={view.scale <= MIN_SCALE}
                      onClick={() => setView((current) => zoomStep(current, -1))}
                    >
                      <ZoomOut />
                    </IconButton>
                    <Button size="sm" variant="outline" onClick={() => setView(FIT)}>
                      {t('versionCompare.zoom.fit')}
                    </Button>
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={t('versionCompare.zoom.in')}
                      disabled={view.scale >= MAX_SCALE}
                      onClick={() => setView((current) => zoomStep(current, 1))}
                    >
                      <ZoomIn />
                    </IconButton>
                    <Text fontSize="sm" minW="12" textAlign="center" aria-live="polite">
                      {percent.format(view.scale)}
                    </Text>
                  </HStack>
                  {mode === 'overlay' ? (
                    // A native range: the theme carries no slider recipe (system.ts keeps the first load small).
                    <HStack gap="3" asChild>
                      <label>
                        <Text as="span" fontSize="sm" whiteSpace="nowrap">
                          {t('versionCompare.opacity')}
                        </Text>
                        <chakra.input
                          type="range"
                          aria-label={t('versionCompare.opacity')}
                          min={0}
                          max={100}
                          value={opacity}
                          onChange={(event) => setOpacity(Number(event.currentTarget.value))}
                          w="40"
                          style={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
                        />
                        <Text as="span" fontSize="sm" minW="10">
                          {percent.format(opacity / 100)}
                        </Text>
                      </label>
                    </HStack>
                  ) : null}
                </HStack>
                <Flex flex="1" minH="0" gap="2">
                  {mode === 'sideBySide' ? (
                    <>
                      <ComparePane
                        {...pane}
                        measureRef={setMeasured}
                        label={earlierLabel}
                        testId="compare-pane-earlier"
                        aspectRatio={earlierAspect}
                      >
                        <PaneImage
                          src={props.earlierUrl}
                          alt={t('versionCompare.image', { version: rejection.drawnOn })}
                          onSize={setEarlierSize}
                        />
                        <DrawingLayer drawing={rejection.drawing} label={drawingLabel} />
                        {markers}
                      </ComparePane>
                      <ComparePane
                        {...pane}
                        label={t('versionCompare.pane.current', { version: asset.version })}
                        testId="compare-pane-current"
                        aspectRatio={currentAspect}
                      >
                        <PaneImage
                          src={props.currentUrl}
                          alt={t('versionCompare.image', { version: asset.version })}
                          onSize={setCurrentSize}
                        />
                        {markers}
                      </ComparePane>
                    </>
                  ) : (
                    <ComparePane
                      {...pane}
                      measureRef={setMeasured}
                      label={t('versionCompare.pane.overlay', {
                        earlier: rejection.drawnOn,
                        version: asset.version,
                      })}
                      testId="compare-pane-overlay"
                      aspectRatio={currentAspect}
                    >
                      {/* One box for both: each image stretched to it, so their 0–1 coordinates meet. */}
                      <PaneImage
                        src={props.currentUrl}
                        alt={t('versionCompare.image', { version: asset.version })}
                        onSize={setCurrentSize}
                      />
                      <PaneImage
                        src={props.earlierUrl}
                        alt={t('versionCompare.image', { version: rejection.drawnOn })}
                        onSize={setEarlierSize}
                        opacity={opacity / 100}
                      />
                      {/* The drawing fades with the image it was drawn on. */}
                      <Box position="absolute" inset="0" style={{ opacity: opacity / 100 }}>
                        <DrawingLayer drawing={rejection.drawing} label={drawingLabel} />
                      </Box>
                      {markers}
                    </ComparePane>
                  )}
                </Flex>
              </Flex>
              <DialogSidePanel>
                <RejectionNote asset={asset} drawnOn={rejection.drawnOn} />
                <ChecklistPanel
                  drawnOn={rejection.drawnOn}
                  regions={rejection.regions}
                  marks={marks}
                  selected={selected}
                  mayMark={mayMark}
                  marking={marking}
                  onFocus={focus}
                  onMark={onMark}
                />
              </DialogSidePanel>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {onAccept && !progress.complete ? (
                <Text id={hintId} fontSize="sm" color="fg.muted" me="auto">
                  {t('versionCompare.acceptHint')}
                </Text>
              ) : null}
              <Button variant="outline" onClick={onClose}>
                {t('versionCompare.close')}
              </Button>
              {onReject ? (
                <Button colorPalette="red" disabled={marking} onClick={() => onReject(progress.notFixed)}>
                  {t('versionCompare.rejectAgain')}
                </Button>
              ) : null}
              {onAccept ? (
                <Button
                  colorPalette="green"
                  disabled={!progress.complete || marking}
                  aria-describedby={progress.complete ? undefined : hintId}
                  onClick={onAccept}
                >
                  {t('versionCompare.accept')}
                </Button>
              ) : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The rejection being answered: its note, and who rejected which version. */
function RejectionNote({ asset, drawnOn }: { asset: AssetDetail; drawnOn: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { note, rejectedBy } = asset.workflow;
  if (!note && !rejectedBy) return null;
  return (
    <Stack as="section" aria-labelledby={titleId} gap="2" bg="bg.muted" rounded="l2" p="3">
      <Heading as="h3" size="sm" id={titleId}>
        {t('workflow.info.note')}
      </Heading>
      {note ? (
        <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="rejection-note">
          {note}
        </Text>
      ) : null}
      {rejectedBy ? (
        <Text fontSize="xs" color="fg.muted">
          {t('versionCompare.rejectedBy', { name: rejectedBy, version: drawnOn })}
        </Text>
      ) : null}
    </Stack>
  );
}
