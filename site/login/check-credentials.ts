import type { LoginGate } from '../model/site-data.ts';

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** Constant-time comparison of two hex strings of equal length. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * Hashes the typed pair with WebCrypto PBKDF2-SHA-256 and compares it with the build's
 * hash. Refuses everything when the build had no credentials. A soft gate, not security.
 */
export async function checkCredentials(gate: LoginGate, username: string, password: string): Promise<boolean> {
  if (!gate.hash) return false;
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(`${username}\n${password}`), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromHex(gate.salt), iterations: gate.iterations }, material, 256);
  return sameHex(toHex(bits), gate.hash);
}
