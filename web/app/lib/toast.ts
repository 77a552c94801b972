// Toast notifications (docs/product.md §2 "Global layout": a title, a description and a close
// button; section 9: 5 s for success, 7 s for errors). Any component calls showToast(); actions
// that redirect pass a toast through the flash cookie (toast.server.ts) and the root shows it.
import { useSyncExternalStore } from "react";

export type ToastType = "success" | "error";

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
}

export const TOAST_DURATION_MS: Record<ToastType, number> = { success: 5000, error: 7000 };

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

let counter = 0;
export function showToast(toast: Omit<Toast, "id"> & { id?: string }): string {
  const id = toast.id ?? `t${Date.now()}-${counter++}`;
  if (toasts.some((t) => t.id === id)) return id;
  toasts = [...toasts, { ...toast, id }];
  emit();
  return id;
}

export function dismissToast(id: string) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: Toast[] = [];

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
