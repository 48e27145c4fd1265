import type { PageRecord } from './record-types.ts';
import type { OutputCheck } from './check-output.ts';
import { digest } from './digest.ts';
import type { SiteFiles } from './file-table.ts';
import type { PageSize } from './page-sizes.ts';
import type { OutputWriter } from './write-output.ts';

/**
 * The site a build puts together: every file by its identity, what the build keeps of
 * each page, the new out/ being written and the check every file goes through.
 */
export interface NewSite {
  writer: OutputWriter;
  check: OutputCheck;
  /** Every file of the site, by its path under out/, and its identity (a hash of its bytes). */
  files: SiteFiles;
  /** What the cache keeps of each page, by path. */
  records: Record<string, PageRecord>;
  /**
   * What a first visit to each page downloads, kept for `--report` (null when not asked
   * for: each page's size is checked against the budgets as it comes, then let go).
   */
  sizes: PageSize[] | null;
}

/** Adds a file of the site with its bytes: written unless out/ holds these very bytes already. Returns its identity. */
export function putFile(site: NewSite, file: string, contents: string | Uint8Array): string {
  const id = digest(contents);
  site.files.set(file, id);
  if (site.writer.current(file) !== id) site.writer.write(file, id, contents);
  return id;
}
