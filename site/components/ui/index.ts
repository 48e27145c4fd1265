/*
 * What the chrome and the pages share, from one module: links, icons, headings, and the
 * hooks that give components their data. Everything here reaches the browser as one
 * chunk with the entry script's, where separate modules shared by different sets of pages
 * would each be a chunk of their own (a request and its overhead on every first visit).
 */
export { Link, NavLink, LinkNavigation, internalLinkOf } from './link.tsx';
export { Icon } from './icon.tsx';
export { ExternalLink } from './external-link.tsx';
export { PageHeading } from './page-heading.tsx';
export { useHydrated } from '../../hooks/use-hydrated.ts';
export { useLayout, usePage, useRouteData } from '../../route-data.tsx';
