import { createHash } from 'node:crypto';

/** A short hash of a text or bytes: 128 bits of SHA-256, URL-safe. What the build cache knows files and inputs by. */
export function digest(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}
