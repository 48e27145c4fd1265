import { createHash, pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA-256. */
export const LOGIN_ITERATIONS = 600_000;

/** What the browser needs to check a login: never the credentials, only a salted hash. */
export interface LoginGate {
  /** Hex salt. */
  salt: string;
  iterations: number;
  /** Hex PBKDF2-SHA-256 of "username\npassword"; null when no credentials are configured. */
  hash: string | null;
}

/**
 * Hashes the login pair from SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD. The salt is
 * derived from the site's URL and the username so equal input gives byte-identical
 * output (reproducible builds) while two sites never share a hash table.
 */
export async function hashLoginCredentials(options: { username?: string; password?: string; siteUrl: string }): Promise<LoginGate> {
  const { username, password, siteUrl } = options;
  const salt = createHash('sha256').update(`site-login\0${siteUrl}\0${username ?? ''}`).digest('hex').slice(0, 32);
  if (!username || !password) return { salt, iterations: LOGIN_ITERATIONS, hash: null };
  const key = await pbkdf2Async(`${username}\n${password}`, Buffer.from(salt, 'hex'), LOGIN_ITERATIONS, 32, 'sha256');
  return { salt, iterations: LOGIN_ITERATIONS, hash: key.toString('hex') };
}
