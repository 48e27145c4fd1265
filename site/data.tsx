import { createContext, useContext, type ReactNode } from 'react';
import type { SiteData } from './model/site-data.ts';

const SiteDataContext = createContext<SiteData | null>(null);

/** Makes the build's derived content available to every component below. */
export function SiteDataProvider({ data, children }: { data: SiteData; children: ReactNode }) {
  return <SiteDataContext.Provider value={data}>{children}</SiteDataContext.Provider>;
}

/** The site's content: every word, price and link comes from here, never from JSX literals. */
export function useSiteData(): SiteData {
  const data = useContext(SiteDataContext);
  if (!data) throw new Error('useSiteData must be used inside <SiteDataProvider>');
  return data;
}
