import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { PROGRESS_MINIMUM } from '../../lib/cache-policy.ts';
import { $apiActivity } from '../../stores/api.ts';
import { useTranslation } from '../i18n.tsx';

/** Is this click going to load another page of ours? */
function isNavigatingClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download'))
    return false;
  const url = new URL(link.href, location.href);
  return (
    url.origin === location.origin &&
    !(url.pathname === location.pathname && url.search === location.search && url.hash)
  );
}

/** Route-change and request progress: starts at 0.08, trickles towards 0.9, completes when work ends. */
export function ProgressBar() {
  const { t } = useTranslation();
  const activity = useStore($apiActivity);
  const [navigating, setNavigating] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = navigating || activity > 0;
  const trickle = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    const onClick = (event: MouseEvent) => isNavigatingClick(event) && setNavigating(true);
    const onSubmit = (event: SubmitEvent) => !event.defaultPrevented && setNavigating(true);
    // Back/forward cache restores the page as it was when left: reset.
    const onPageShow = () => setNavigating(false);
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  useEffect(() => {
    if (busy) {
      setProgress((p) => (p === null || p >= 1 ? PROGRESS_MINIMUM : p));
      trickle.current = setInterval(
        () => setProgress((p) => (p === null ? PROGRESS_MINIMUM : p + (0.9 - p) * 0.1)),
        250,
      );
      return () => clearInterval(trickle.current);
    }
    setProgress((p) => (p === null ? null : 1));
    const hide = setTimeout(() => setProgress(null), 300);
    return () => clearTimeout(hide);
  }, [busy]);

  if (progress === null) return null;
  return (
    <div
      className="shell-progress"
      role="progressbar"
      aria-label={t('shell.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <div className="shell-progress__bar" style={{ transform: `scaleX(${progress})` }} />
    </div>
  );
}
