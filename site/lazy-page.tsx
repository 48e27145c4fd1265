import { use, type ComponentType } from 'react';
import { loadInFull } from './load-in-full.ts';

/** A page component loaded on demand, which can be preloaded so hydration never suspends. */
export type LazyPage = (() => React.JSX.Element) & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        // Asked again next time: a failed fetch is not the module's last word.
        pending = undefined;
        throw error;
      },
    ));
  /** The page shown after a navigation: its code, or, when that cannot be loaded, the page in full from the host (the first page is left as the server rendered it: entry-client.tsx). */
  let shown: Promise<void> | undefined;
  const Page = () => {
    if (!Loaded) use((shown ??= preload().catch(() => loadInFull<void>())));
    const Component = Loaded!;
    return <Component />;
  };
  return Object.assign(Page, { preload });
}
