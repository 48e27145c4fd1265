import { createHash, pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import type { LoginGate } from '../../site/model/site-data.ts';
import { BuildProblemError } from '../problems/errors.ts';

const pbkdf2Async = promisify(pbkdf2);

/** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA-256. */
export const LOGIN_ITERATIONS = 600_000;

/**
 * The shortest credential the build accepts. The output check refuses any file that holds
 * a credential in plain text, and a value of a few letters is found in ordinary words.
 */
export const MIN_CREDENTIAL_LENGTH = 8;

/** The login pair as set in the environment. */
export interface LoginCredentials {
  username: string;
  password: string;
}

/** What a build says when the login pair is not set (loginCredentials is null): which of the two is missing. */
export function loginOffWarning(env: NodeJS.ProcessEnv): string {
  const names = ['SITE_LOGIN_USERNAME', 'SITE_LOGIN_PASSWORD'] as const;
  const set = names.filter((name) => env[name]);
  const what = set.length === 0 ? `${names.join(' and ')} are not set` : `${names.find((name) => !env[name])} is not set (${set[0]} is)`;
  return `${what}: the login page will refuse every attempt.`;
}

/**
 * The login pair from SITE_LOGIN_USERNAME and SITE_LOGIN_PASSWORD: null unless both are
 * set (the gate then refuses every attempt). Credentials too short to be secret are
 * refused before any work, in one problem that names each and the minimum.
 */
export function loginCredentials(env: NodeJS.ProcessEnv): LoginCredentials | null {
  const username = env.SITE_LOGIN_USERNAME ?? '';
  const password = env.SITE_LOGIN_PASSWORD ?? '';
  if (!username || !password) return null;
  const short = (
    [
      ['SITE_LOGIN_USERNAME', username],
      ['SITE_LOGIN_PASSWORD', password],
    ] as const
  ).filter(([, value]) => [...value].length < MIN_CREDENTIAL_LENGTH);
  if (short.length > 0) {
    const described = short.map(([name, value]) => `${name} is ${[...value].length} ${[...value].length === 1 ? 'character' : 'characters'} long`).join(' and ');
    throw new BuildProblemError(`${described}: login credentials must be at least ${MIN_CREDENTIAL_LENGTH} characters`, {
      hint: `The build refuses any file that holds a credential in plain text, and one this short is found in ordinary text. Set ${short.length === 2 ? 'both' : 'it'} to ${MIN_CREDENTIAL_LENGTH} characters or more, or unset both variables to build with the login turned off.`,
    });
  }
  return { username, password };
}

/**
 * The gate the browser checks a login against: a salted PBKDF2 hash of the pair, never the
 * pair itself. The salt is derived from the site's URL and the username, so equal input
 * gives byte-identical output (reproducible builds) while two sites never share a hash table.
 */
export function hashLogin(credentials: LoginCredentials | null, siteUrl: string): Promise<LoginGate> {
  const salt = createHash('sha256').update(`site-login\0${siteUrl}\0${credentials?.username ?? ''}`).digest('hex').slice(0, 32);
  if (!credentials) return Promise.resolve({ salt, iterations: LOGIN_ITERATIONS, hash: null });
  // PBKDF2 at this many iterations takes a third of a second: once per pair and site in a
  // process (site dev hashes again only when one of them changes).
  const key = createHash('sha256').update(`${salt}\0${credentials.password}`).digest('hex');
  let gate = hashed.get(key);
  if (!gate) {
    gate = pbkdf2Async(`${credentials.username}\n${credentials.password}`, Buffer.from(salt, 'hex'), LOGIN_ITERATIONS, 32, 'sha256').then((hash) => ({ salt, iterations: LOGIN_ITERATIONS, hash: hash.toString('hex') }));
    hashed.set(key, gate);
  }
  return gate;
}
const hashed = new Map<string, Promise<LoginGate>>();
