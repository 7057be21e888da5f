import { nameIn, type TranslatedNames } from '../../lib/i18n/translated-name.ts';
import type { Translator } from '../i18n/translator.ts';
import type { NotificationRow } from '../repositories/notification-repository.ts';

/** Where a notification leads: its `data.url` when that is a path on this site, else the notifications page. */
export function notificationUrl(data: Record<string, unknown>): string {
  const url = data['url'];
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/user/notifications';
}

const KEY = /^[a-z_]+\.[a-z0-9_.]+$/;

const record = (value: unknown) =>
  (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

/**
 * A stored title or body in the reader's language: keys are translated with `data.params`, text stays text. A
 * param that is an admin-entered name (a package's) has its other languages in `data.param_names`.
 */
export function notificationText(t: Translator, text: string, data: Record<string, unknown>): string {
  if (!KEY.test(text)) return text;
  const params = record(data['params']);
  const names = record(data['param_names']);
  const named = Object.entries(params).map(([key, value]) =>
    typeof value === 'string' && key in names
      ? [key, nameIn(t.lang, value, names[key] as TranslatedNames)]
      : [key, value],
  );
  return t(text, Object.fromEntries(named));
}

export function notificationView(row: NotificationRow, t: Translator) {
  return {
    id: row.id,
    type: row.type,
    title: notificationText(t, row.title, row.data),
    body: notificationText(t, row.body, row.data),
    data: row.data,
    url: notificationUrl(row.data),
    is_read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
export type NotificationView = ReturnType<typeof notificationView>;
