import { use, type ComponentType } from 'react';

/** A page component loaded on demand, which can be preloaded so hydration never suspends. */
export type LazyPage = (() => React.JSX.Element) & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
    }));
  const Page = () => {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  };
  return Object.assign(Page, { preload });
}
