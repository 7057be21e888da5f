import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  /**
   * A translation key the app shell knows (`shell.*`) or text already in the page's language (server messages,
   * or strings an island translated itself). The shell shows the key's text when it has one, else the text as is.
   */
  message: string;
}

/** More than this many at once is noise: the oldest make room. */
export const MAX_TOASTS = 5;

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** `toast.success('shell.saved')` or `toast.error(reply.message)`; each returns the toast's id. */
export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
  dismiss: dismissToast,
};
