import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  /** Already-translated text. */
  message: string;
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
};
