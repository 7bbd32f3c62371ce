import { Box, Drawer } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2: the permissions sheet's breakpoints. 0 is "closed". */
export const DEFAULT_SNAP_POINTS = [0, 0.5, 0.75] as const;

interface BottomSheetProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Fractions of the viewport height, ascending; 0 closes the sheet. */
  snapPoints?: readonly number[];
  initialSnap?: number;
}

/** The snap point nearest to a height, as a fraction of the viewport. */
export function nearestSnap(fraction: number, snapPoints: readonly number[]): number {
  return snapPoints.reduce((best, point) =>
    Math.abs(point - fraction) < Math.abs(best - fraction) ? point : best,
  );
}

/**
 * A bottom sheet for phones on Mantine's Drawer (which brings the focus trap, Escape, the
 * overlay and `aria-modal`), plus what Drawer lacks: snap points and a drag handle. The handle
 * is a slider, so keyboard and screen-reader users resize it with the arrow keys; dragging it
 * below the lowest open point closes the sheet, as on iOS and Android.
 */
export function BottomSheet({
  opened,
  onClose,
  title,
  children,
  snapPoints = DEFAULT_SNAP_POINTS,
  initialSnap = 0.5,
}: BottomSheetProps) {
  const { t } = useTranslation();
  const [snap, setSnap] = useState(initialSnap);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  const open = snapPoints.filter((point) => point > 0);

  // Each opening starts at the initial height, whatever it was left at.
  useEffect(() => {
    if (opened) setSnap(initialSnap);
  }, [opened, initialSnap]);

  const goTo = (point: number) => {
    if (point <= 0) onClose();
    else setSnap(point);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = open.indexOf(snap);
    const moves: Record<string, () => void> = {
      ArrowUp: () => goTo(open[Math.min(index + 1, open.length - 1)] ?? snap),
      ArrowRight: () => goTo(open[Math.min(index + 1, open.length - 1)] ?? snap),
      ArrowDown: () => goTo(index <= 0 ? 0 : (open[index - 1] ?? 0)),
      ArrowLeft: () => goTo(index <= 0 ? 0 : (open[index - 1] ?? 0)),
      Home: () => goTo(open[0] ?? 0),
      End: () => goTo(open[open.length - 1] ?? snap),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: snap * window.innerHeight };
    setDragHeight(snap * window.innerHeight);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const max = (open[open.length - 1] ?? 1) * window.innerHeight;
    setDragHeight(
      Math.max(0, Math.min(max, drag.current.startHeight - (event.clientY - drag.current.startY))),
    );
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    const height = dragHeight ?? drag.current.startHeight;
    drag.current = null;
    setDragHeight(null);
    goTo(nearestSnap(height / window.innerHeight, snapPoints));
  };

  const percent = Math.round(snap * 100);
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="bottom" size={`${percent}dvh`}>
      <Drawer.Overlay />
      <Drawer.Content
        style={{
          borderTopLeftRadius: 16,
          borderTopRightRadius: 16,
          ...(dragHeight !== null
            ? { height: dragHeight, transition: 'none' }
            : { transition: 'height 200ms ease' }),
        }}
      >
        <Box
          role="slider"
          tabIndex={0}
          aria-label={t('sheet.handle')}
          aria-orientation="vertical"
          aria-valuemin={0}
          aria-valuemax={Math.round((open[open.length - 1] ?? 1) * 100)}
          aria-valuenow={percent}
          aria-valuetext={t('sheet.height', { percent })}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          py={10}
          style={{ cursor: 'grab', touchAction: 'none', display: 'flex', justifyContent: 'center' }}
        >
          <Box w={40} h={5} bg="gray.4" style={{ borderRadius: 3 }} aria-hidden />
        </Box>
        <Drawer.Header pt={0}>
          <Drawer.Title fw={600} fz="lg">
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
