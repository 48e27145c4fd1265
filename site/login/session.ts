/** The one value the site stores for a visitor: sessionStorage.authenticated = "true". */
export const SESSION_FLAG = 'authenticated';

export function isAuthenticated(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_FLAG) === 'true';
  } catch {
    return false;
  }
}

export function markAuthenticated(): void {
  try {
    window.sessionStorage.setItem(SESSION_FLAG, 'true');
  } catch {
    // Storage disabled: the visitor still reaches /home, just without the flag.
  }
}
