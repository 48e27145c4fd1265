import type { ComponentType } from 'react';
import { pageModule, type PageKey } from '../model/page-table.ts';

/**
 * The component of a page: the default export of its module (page-table.ts). The import
 * names the module by a pattern, so esbuild bundles every .tsx file of this folder, each as
 * a chunk of its own, with no list of imports to keep beside the table; the page is the
 * default export so that no name need be listed either. Only pages belong in this folder:
 * any other .tsx file here would become a chunk too.
 */
export function loadPage(page: PageKey): Promise<ComponentType> {
  // @vite-ignore: the tests' vite would analyse the pattern and warn that it matches this
  // file's own folder; the import is left as it is, for Node there and esbuild here.
  return import(/* @vite-ignore */ `./${pageModule(page)}.tsx`).then((loaded: { default: ComponentType }) => loaded.default);
}
