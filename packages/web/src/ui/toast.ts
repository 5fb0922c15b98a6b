/** A tiny toast store (no context needed): durations from the spec, per kind. */
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, type TToastKind } from '@app/shared';

export interface Toast {
  id: number;
  kind: TToastKind;
  text: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(kind: TToastKind, text: string, durationMs = TOAST_DURATION_MS[kind]) {
  const id = nextId++;
  toasts = [...toasts, { id, kind, text }];
  emit();
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Clears every toast at once (component tests start each test with none). */
export function dismissAllToasts() {
  toasts = [];
  emit();
}

export const toast = {
  success: (t: string) => showToast('success', t),
  error: (t: string) => showToast('error', t),
  warning: (t: string) => showToast('warning', t),
  info: (t: string) => showToast('info', t),
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
