import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PROGRESS_MINIMUM } from '../../lib/cache-policy.ts';
import { $apiActivity } from '../../stores/api-activity.ts';
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

/** Is this form submission going to load a page in this tab? */
function isNavigatingSubmit(event: SubmitEvent): boolean {
  if (event.defaultPrevented) return false;
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return false;
  const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
  const method = (submitter?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
  const target = submitter?.getAttribute('formtarget') ?? form.getAttribute('target') ?? '';
  return method !== 'dialog' && (target === '' || target === '_self');
}

/** Route-change and request progress: starts at 0.08, trickles towards 0.9, completes when work ends. */
export function ProgressBar() {
  const { t } = useTranslation();
  const activity = useStore($apiActivity);
  const [navigating, setNavigating] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = navigating || activity > 0;

  useEffect(() => {
    // Decided after every other handler has run, so one that calls preventDefault() later still counts.
    const onClick = (event: MouseEvent) => setTimeout(() => isNavigatingClick(event) && setNavigating(true));
    const onSubmit = (event: SubmitEvent) => setTimeout(() => isNavigatingSubmit(event) && setNavigating(true));
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
      // Trickles ever more slowly towards 90 %: the real end is unknown until it comes.
      const trickle = setInterval(() => setProgress((p) => (p === null ? PROGRESS_MINIMUM : p + (0.9 - p) * 0.1)), 250);
      return () => clearInterval(trickle);
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
