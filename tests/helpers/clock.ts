/**
 * A moment just past now, returned once the clock has passed it: a build recorded as
 * ending then wrote its files before it, and whatever is changed from now on is changed
 * after it, whatever time it is given. The wait runs well past the moment: a file
 * system's clock may trail Date.now() by a tick.
 */
export async function aMomentAgo(): Promise<number> {
  const moment = Date.now() + 20;
  while (Date.now() < moment + 50) await new Promise((resolve) => setTimeout(resolve, 10));
  return moment;
}
