// Notifications: success toasts vanish after 1000 ms; errors stay until closed (docs/UI.md, Errors and Figures).
import { createStore, useStore } from './store';

export const successToastMs = 1000;

export interface Toast {
  id: number;
  kind: 'success' | 'error';
  message: string;
  /** An error's status and code, shown on demand and sent with a report. */
  detail?: string;
}

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}

export function showSuccess(message: string): void {
  const id = nextId++;
  toastStore.set((toasts) => [...toasts, { id, kind: 'success', message }]);
  setTimeout(() => dismissToast(id), successToastMs);
}

export function showError(message: string, detail?: string): void {
  const id = nextId++;
  toastStore.set((toasts) => [...toasts, { id, kind: 'error', message, detail }]);
}

export function useToasts(): Toast[] {
  return useStore(toastStore);
}
