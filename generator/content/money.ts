/** Money is integer cents everywhere after loading; dollars exist only in the YAML. */

/** Dollars as written in content.yaml (at most two decimals) to integer cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Integer cents to a price a visitor reads: 5097 → "$50.97". With `wholeDollars`, a round
 * amount drops its cents (5000 → "$50"), as plan prices are written.
 */
export function formatCents(cents: number, options: { wholeDollars?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = Math.abs(cents) % 100;
  // en-US grouping by hand: Intl.NumberFormat costs ~15 ms of ICU start-up per process,
  // a tenth of `site check`'s whole budget.
  const dollars = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (options.wholeDollars && fraction === 0) return `${sign}$${dollars}`;
  return `${sign}$${dollars}.${String(fraction).padStart(2, '0')}`;
}

/** Cents to the decimal string structured data wants: 5097 → "50.97". */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}
