import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_DRAG_DISMISS_RATIO, TOAST_DURATION_MS } from '../../lib/cache-policy.ts';
import { $toasts, dismissToast, type Toast } from '../../stores/toasts.ts';
import { useTranslation } from '../i18n.tsx';

/** Movement below this many pixels is a click or a shaky tap, not a drag. */
const DRAG_SLOP_PX = 4;

interface Drag {
  pointerId: number;
  startX: number;
  width: number;
  captured: boolean;
}

/**
 * Whether a toast `width` pixels wide dragged `dx` pixels sideways (either way) is dismissed: past 80 % of its
 * width it goes, otherwise it snaps back (spec section 9).
 */
export function dragDismisses(dx: number, width: number): boolean {
  return width > 0 && Math.abs(dx) > width * TOAST_DRAG_DISMISS_RATIO;
}

/**
 * One toast. Closes itself after 5 s (paused while pointed at or focused, so it can be read and reached), from
 * its close button, with Escape while focused, or when dragged sideways past 80 % of its width.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const drag = useRef<Drag | null>(null);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  const endDrag = () => {
    drag.current = null;
    setOffset(0);
  };
  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    // The close button keeps its click; only the primary button or a touch drags.
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      width: event.currentTarget.getBoundingClientRect().width,
      captured: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const dx = event.clientX - current.startX;
    if (!current.captured && Math.abs(dx) > DRAG_SLOP_PX) {
      current.captured = true;
      // Keep receiving the moves when the pointer leaves the toast mid-drag.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (current.captured) setOffset(dx);
  };
  const onPointerUp = (event: PointerEvent<HTMLLIElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    if (dragDismisses(event.clientX - current.startX, current.width)) dismissToast(toast.id);
    else endDrag();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape') dismissToast(toast.id);
  };

  const width = drag.current?.width ?? 0;
  return (
    <li
      className={`shell-toast shell-toast--${toast.kind}${offset ? ' shell-toast--dragging' : ''}`}
      data-testid="toast"
      data-kind={toast.kind}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: width ? Math.max(0.2, 1 - Math.abs(offset) / width) : 1 }
          : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={endDrag}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <span className="shell-toast__text">{t(toast.message)}</span>
      <button
        type="button"
        className="shell-toast__close"
        onClick={() => dismissToast(toast.id)}
        aria-label={t('shell.close')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * The toasts, shown in the page's live region (`<ol aria-live="polite">`, rendered by AppShell.astro). It is in the
 * page from the start, empty, so screen readers know it before anything is announced into it; React, which loads
 * only once there is something to show, fills it.
 */
export function Toasts({ region }: { region: HTMLElement }) {
  const toasts = useStore($toasts);
  return createPortal(
    toasts.map((toast) => <ToastItem key={toast.id} toast={toast} />),
    region,
  );
}
