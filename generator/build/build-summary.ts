import type { BuildResult } from './build-result.ts';
import type { Colors } from '../problems/report.ts';

/*
 * What `site build` says it did: how many pages it rendered and how many visitors will
 * see change, and with --verbose, --format json or a GitHub Actions job summary, which ones
 * and every price that changed, so a reviewer of a content change sees what visitors will.
 */

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "27 pages: 3 rendered, 2 changed (6 files written, 1 removed)", or that the site was up to date. */
export function changesLine(result: BuildResult): string {
  if (result.upToDate) return `${plural(result.pages, 'page')}, up to date: nothing rendered or written`;
  const { rendered, pages, written, removed } = result.changes;
  return `${plural(result.pages, 'page')}: ${rendered.length} rendered, ${pages.length} changed (${plural(written.length, 'file')} written, ${removed.length} removed)`;
}

/** The pages, files and prices a build changed, one per line, for --verbose. */
export function changesList(result: BuildResult, colors: Colors): string {
  const { rendered, pages, written, removed, prices } = result.changes;
  const lines: string[] = [];
  const section = (title: string, items: readonly string[]) => {
    if (items.length > 0) lines.push(colors.dim(`${title}:`), ...items.map((item) => `  ${item}`));
  };
  section('rendered', rendered);
  section('changed for visitors', pages);
  section('written', written);
  section('removed', removed);
  section(
    'prices',
    prices.map((price) => `${price.label}: ${price.from ?? 'new'} → ${price.to ?? 'gone'}${price.where ? colors.dim(` (${price.where})`) : ''}`),
  );
  return lines.join('\n');
}

/** The build as JSON, for tools (`site build --format json`). */
export function buildResultJson(result: BuildResult): string {
  const { rendered, pages, written, removed, prices } = result.changes;
  return JSON.stringify({ ok: true, upToDate: result.upToDate, pages: result.pages, rendered, changed: pages, written, removed, prices, ms: Math.round(result.ms) }, null, 2);
}

/** Markdown for a GitHub Actions job summary: the pages that changed and every price that changed. */
export function buildSummaryMarkdown(result: BuildResult): string {
  const { pages, prices } = result.changes;
  const lines = ['### site build', '', changesLine(result), ''];
  if (pages.length > 0) {
    lines.push(`#### ${plural(pages.length, 'page')} visitors will see change`, '');
    const shown = pages.slice(0, 200);
    lines.push(...shown.map((page) => `- \`${page}\``));
    if (pages.length > shown.length) lines.push(`- and ${pages.length - shown.length} more`);
    lines.push('');
  }
  if (prices.length > 0) {
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    lines.push(`#### ${plural(prices.length, 'price')} changed`, '', '| what | was | now | set at |', '|---|---|---|---|');
    lines.push(...prices.map((price) => `| ${cell(price.label)} | ${price.from ?? 'new'} | ${price.to ?? 'gone'} | ${price.where ? `\`${price.where}\`` : ''} |`));
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
