import type { SiteData } from '../../site/model/site-data.ts';
import { formatCents } from './money.ts';
import { locatePath, locateSource, type Located } from './problems/locate.ts';

/** A price as visitors see it, by what it is the price of. */
export interface PriceRecord {
  /** What is priced, as people name it: "Boss Moves", "Growth Bundle (original price)". */
  label: string;
  cents: number;
  /** Where it is set, as a content path (for the line to show). */
  path: string;
}

/** A price visitors will see change: what it is, from and to (null: new, or gone), and where content.yaml sets it. */
export interface PriceChange {
  label: string;
  from: string | null;
  to: string | null;
  /** content.yaml:LINE, where the new price is set (or, for a price that is gone, nothing). */
  where: string | null;
}

/** Every price the site shows, by what it is the price of: books, bundles (with their computed original and savings) and plans. */
export function pricesOf(data: SiteData): Record<string, PriceRecord> {
  const prices: Record<string, PriceRecord> = {};
  data.books.forEach((book, index) => (prices[`book:${book.id}`] = { label: book.title, cents: book.priceCents, path: `books.${index}.price` }));
  data.bundles.forEach((bundle, index) => {
    prices[`bundle:${bundle.id}`] = { label: bundle.title, cents: bundle.priceCents, path: `bundles.${index}.price` };
    prices[`bundle:${bundle.id}:original`] = { label: `${bundle.title} (original price)`, cents: bundle.originalCents, path: `bundles.${index}.books` };
    prices[`bundle:${bundle.id}:savings`] = { label: `${bundle.title} (savings)`, cents: bundle.savingsCents, path: `bundles.${index}.price` };
  });
  data.plans.forEach((plan, index) => (prices[`plan:${plan.id}`] = { label: plan.name, cents: plan.priceCents, path: `plans.${index}.price` }));
  return prices;
}

/**
 * The prices that differ between two builds, in the order the site lists them. Where each
 * new price is set takes a second parse of content.yaml, with positions: it is done once,
 * and only when a list that shows the lines reads `where` (a plain build prints none).
 */
export function priceChanges(before: Record<string, PriceRecord>, after: Record<string, PriceRecord>, content: { source: string; displayName: string }): PriceChange[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const changed = keys.filter((key) => before[key]?.cents !== after[key]?.cents);
  let located: Located | undefined;
  const whereSet = (price: PriceRecord): string => {
    located ??= locateSource(content.source, content.displayName);
    const location = locatePath(located, price.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)));
    return `${location.file}:${location.line}`;
  };
  return changed.map((key) => {
    const old = before[key];
    const now = after[key];
    return {
      label: (now ?? old)!.label,
      from: old ? formatCents(old.cents) : null,
      to: now ? formatCents(now.cents) : null,
      get where() {
        return now ? whereSet(now) : null;
      },
    };
  });
}
