/**
 * Asks the host for the page the address bar shows, as a full page load: what the browser
 * falls back on when a route's data or a page's code cannot be fetched (the network
 * dropped, or a deploy since this page loaded replaced its files). The host answers with
 * the page as it is now, which needs no script. Never resolves: this page goes.
 */
export function loadInFull<T>(): Promise<T> {
  window.location.reload();
  return new Promise<T>(() => {});
}
