/** Money is integer cents everywhere after loading; dollars exist only in the YAML. */

/** Dollars as written in content.yaml (at most two decimals) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** US dollars as visitors read them, with cents, and without them for a round amount. */
const WITH_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * Integer cents to a price a visitor reads: 5097 → "$50.97". With `wholeDollars`, a round
 * amount drops its cents (5000 → "$50"), as plan prices are written.
 */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  return (options.wholeDollars && cents % 100 === 0 ? WHOLE_DOLLARS : WITH_CENTS).format(cents / 100);
}

/** Cents to the decimal string structured data wants: 5097 → "50.97". */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}
