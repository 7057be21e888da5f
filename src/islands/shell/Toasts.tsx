import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { TOAST_DRAG_DISMISS_RATIO, TOAST_DURATION_MS } from '../../lib/cache-policy.ts';
import { $toasts, dismissToast, type Toast } from '../../stores/toasts.ts';
import { useTranslation } from '../i18n.tsx';

/** One toast: closes itself after 5 s, or when dragged sideways past 80% of its width. */
function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ startX: number; width: number } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    drag.current = { startX: event.clientX, width: event.currentTarget.getBoundingClientRect().width || 1 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (drag.current) setOffset(event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLLIElement>) => {
    if (!drag.current) return;
    const moved = Math.abs(event.clientX - drag.current.startX);
    const threshold = drag.current.width * TOAST_DRAG_DISMISS_RATIO;
    drag.current = null;
    if (moved >= threshold) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <li
      className={`shell-toast shell-toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
      }}
    >
      <span className="shell-toast__text">{toast.message}</span>
      <button
        type="button"
        className="shell-toast__close"
        onClick={() => dismissToast(toast.id)}
        aria-label={t('shell.close')}
      >
        ×
      </button>
    </li>
  );
}

export function Toasts() {
  const toasts = useStore($toasts);
  const { t } = useTranslation();
  return (
    <ol className="shell-toasts" aria-label={t('shell.notifications')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
