import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** False in the static HTML and during hydration; true once the client has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
