/** Money is integer cents everywhere after loading; dollars exist only in the YAML. */

/** Dollars as written in content.yaml (at most two decimals) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * Integer cents to a price a visitor reads: 5097 → "$50.97". With `wholeDollars`, a round
 * amount drops its cents (5000 → "$50"), as plan prices are written.
 */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  if (options.wholeDollars && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}

/** Cents to the decimal string structured data wants: 5097 → "50.97". */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}
