import { brotliBound, brotliSize } from './brotli-size.ts';
import { scanHtml, type ScannedPage } from './html-scan.ts';
import type { OutputFile } from '../output/output-file.ts';
import { PHONE, type PageImages } from '../images/page-images.ts';

/** Bytes as stored and as sent with brotli (quality 11, as a host precompresses). */
export interface Size {
  raw: number;
  brotli: number;
}

/** What a first visit to one page downloads, by kind. */
export interface PageSize {
  /** The file under out/, like "about/index.html". */
  file: string;
  html: Size;
  css: Size;
  js: Size;
  total: Size;
  /** False when some brotli figure is the raw size, an upper bound (see measurePages' `upTo`). */
  exact: boolean;
  /** Its images from content.yaml, as a phone downloads them (none: no images). */
  images?: PageImages;
}

/**
 * The most a first visit may download, brotli, per kind (KB = 1024 bytes). A page's data
 * travels in its HTML, not in the JavaScript (design decision 5), so the HTML's share is
 * the larger and the JavaScript's the smaller.
 */
export const BUDGETS = { js: 78 * 1024, css: 15 * 1024, html: 32 * 1024 } as const;
export type Budgets = { readonly [kind in keyof typeof BUDGETS]: number };

/** The largest image a first visit downloads on a phone (PHONE), in bytes. */
export const IMAGE_BUDGET = 100 * 1024;

const add = (a: Size, b: Size): Size => ({ raw: a.raw + b.raw, brotli: a.brotli + b.brotli });
/** Brotli adds a few bytes to data it cannot shrink; below raw + this it never goes. */
const BROTLI_OVERHEAD = 64;


/** Sizes of the output files by name: raw at once, brotli when asked for (once per file). */
export function fileSizer(files: readonly OutputFile[]) {
  const byName = new Map(files.map((file) => [file.file, file.contents]));
  const compressed = new Map<string, Promise<number>>();
  return {
    raw: (file: string): number | undefined => {
      const contents = byName.get(file);
      return contents === undefined ? undefined : Buffer.byteLength(contents);
    },
    brotli: (file: string): Promise<number> => {
      let size = compressed.get(file);
      if (!size) {
        size = Promise.resolve(brotliSize(byName.get(file) ?? ''));
        compressed.set(file, size);
      }
      return size;
    },
  };
}

/** The out/ file a root-relative URL names, for assets (no directory index). */
function assetFile(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  return decodeURIComponent(url.split(/[?#]/)[0]!.slice(1));
}

/**
 * Per HTML page: its own bytes, the stylesheets it loads with JavaScript on (not those
 * inside <noscript>), and the scripts it loads or preloads. `jsFor` may supply the
 * bundler's own figure for a page (ClientAssets.firstVisit); otherwise the scripts the
 * page references are summed.
 *
 * Brotli at quality 11 is slow. With `upTo` (the budgets), a kind whose raw bytes cannot
 * exceed its budget even uncompressed is not compressed: its brotli figure is the raw
 * size, an upper bound, and the page is marked not exact. Without it, every figure is exact.
 */
export async function measurePages(options: {
  files: readonly OutputFile[];
  jsFor?: (file: string) => Size | undefined;
  upTo?: Budgets;
  /** Pages already scanned (the build scans each page once for sizes and checks). */
  scanned?: Map<string, ScannedPage>;
}): Promise<PageSize[]> {
  const sizer = fileSizer(options.files);
  const pages = options.files.filter((file) => file.file.endsWith('.html'));
  const sizes = await Promise.all(
    pages.map(async (page) => {
      let exact = true;
      const measure = async (files: Iterable<string>, kind: keyof Budgets): Promise<Size> => {
        const present = [...new Set(files)].filter((file) => sizer.raw(file) !== undefined);
        const raw = present.reduce((sum, file) => sum + sizer.raw(file)!, 0);
        if (options.upTo && raw + BROTLI_OVERHEAD * present.length <= options.upTo[kind]) {
          exact = false;
          return { raw, brotli: raw };
        }
        const brotli = await Promise.all(present.map((file) => sizer.brotli(file)));
        return { raw, brotli: brotli.reduce((sum, size) => sum + size, 0) };
      };
      let scan = options.scanned?.get(page.file);
      if (!scan) {
        scan = scanHtml(typeof page.contents === 'string' ? page.contents : Buffer.from(page.contents).toString('utf8'));
        options.scanned?.set(page.file, scan);
      }
      const { references } = scan;
      const referenced = (test: (tag: string, rel: string) => boolean) =>
        references.filter((ref) => !ref.inNoscript && test(ref.tag, ref.rel)).flatMap((ref) => assetFile(ref.value) ?? []);
      const html = await measure([page.file], 'html');
      const css = await measure(referenced((tag, rel) => tag === 'link' && rel.split(/\s+/).includes('stylesheet')), 'css');
      const js = options.jsFor?.(page.file) ?? (await measure(referenced((tag, rel) => tag === 'script' || (tag === 'link' && rel.split(/\s+/).includes('modulepreload'))), 'js'));
      return { file: page.file, html, css, js, total: add(add(html, css), js), exact };
    }),
  );
  return sizes.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * What a first visit to one page of the build downloads: its HTML, the stylesheet every
 * page loads (`css`) and its page's scripts (`js`), as the bundle measured them. With `upTo`
 * (the budgets), the HTML's exact brotli size is computed only when a cheaper upper bound
 * could exceed its budget: its raw size, then a fast brotli (brotliBound). A bound that
 * stands in for the figure makes the page not `exact`.
 */
export function measurePage(options: { file: string; html: string; css: Size; js: Size; upTo?: Budgets }): PageSize {
  const raw = Buffer.byteLength(options.html);
  const fits = (bound: number) => options.upTo !== undefined && bound <= options.upTo.html;
  let brotli = raw + BROTLI_OVERHEAD;
  if (!fits(brotli)) brotli = brotliBound(options.html);
  const exact = !fits(brotli);
  return pageSize({ ...options, html: { raw, brotli: exact ? brotliSize(options.html) : Math.min(brotli, raw) }, exact });
}

/** A page's first-visit size from its parts (a page the build kept: its HTML's size as recorded). */
export function pageSize(options: { file: string; html: Size; css: Size; js: Size; exact: boolean; images?: PageImages }): PageSize {
  const { file, html, css, js, exact, images } = options;
  return { file, html, css, js, total: add(add(html, css), js), exact, ...(images ? { images } : {}) };
}

/** A budget a page exceeds: a kind of file's, or its largest image's; and the problem in a plain sentence. */
export interface OverBudget {
  over: keyof Budgets | 'image';
  message: string;
}

/** The budget problems of one page. */
export function overBudget(size: PageSize, budgets: Budgets = BUDGETS): OverBudget[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const names = { js: 'JavaScript', css: 'CSS', html: 'HTML' } as const;
  const problems = (['js', 'css', 'html'] as const)
    .filter((kind) => size[kind].brotli > budgets[kind])
    .map((kind): OverBudget => ({ over: kind, message: `${names[kind]} of a first visit is ${kb(size[kind].brotli)} (brotli), over its budget of ${kb(budgets[kind])}` }));
  const largest = size.images?.largest;
  if (largest && largest.bytes > IMAGE_BUDGET)
    problems.push({ over: 'image', message: `its largest image on a phone, ${largest.file}, is ${kb(largest.bytes)}, over the budget of ${kb(IMAGE_BUDGET)}` });
  return problems;
}

/**
 * The per-page table of `site build --report`, in the order of the files: each kind raw and brotli, in KB.
 */
export function formatSizeTable(sizes: readonly PageSize[], options: { outLabel?: string } = {}): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const prefix = options.outLabel ? `${options.outLabel}/` : '';
  const rows = [...sizes].sort((a, b) => a.file.localeCompare(b.file)).map((size) => [
    `${prefix}${size.file}`,
    ...(['html', 'css', 'js', 'total'] as const).flatMap((kind) => [kb(size[kind].raw), kb(size[kind].brotli)]),
    kb(size.images?.bytes ?? 0),
    kb(size.images?.largest?.bytes ?? 0),
  ]);
  const header = ['page', 'HTML', 'HTML br', 'CSS', 'CSS br', 'JS', 'JS br', 'total', 'total br', 'images', 'largest'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (row: readonly string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [
    format(header),
    ...rows.map(format),
    '',
    `KB of 1024 bytes; "br" is brotli (quality 11). Budgets per first visit (br): JavaScript ${kb(BUDGETS.js)}, CSS ${kb(BUDGETS.css)}, HTML ${kb(BUDGETS.html)}.`,
    `Images: every image of the page as a phone (${PHONE.width} px wide, ${PHONE.dpr}x) downloads it, and the largest, whose budget is ${kb(IMAGE_BUDGET)}.`,
  ].join('\n');
}
