/**
 * False while a page drawn at build time is still only HTML (and during its hydration), true once
 * the app runs it. A form keeps its submit button disabled until then, so an early tap never
 * makes the browser send the fields itself.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
