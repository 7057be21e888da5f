import { formatTime, isTimeFormat } from '../../lib/time.ts';

/**
 * Rewrites every `<time data-local-time="<format>">` (LocalTime.astro) in the visitor's time zone and the page's
 * language. `timeZone` is for tests; a browser uses its own.
 */
export function showLocalTimes(root: Document, timeZone?: string): void {
  const lang = root.documentElement.lang || 'en';
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-local-time]')) {
    const format = time.dataset['localTime'] ?? '';
    if (!isTimeFormat(format) || Number.isNaN(Date.parse(time.dateTime))) continue;
    time.textContent = formatTime(time.dateTime, lang, format, timeZone);
  }
}
