import { escapeHtml } from '../render/html.ts';

/** The environment variables that hold the login pair. */
export type LoginVariable = 'SITE_LOGIN_USERNAME' | 'SITE_LOGIN_PASSWORD';

/** Forms of a secret as it could appear in a file: as is, HTML-escaped, JSON-escaped, URL-encoded. */
function secretForms(secret: string): string[] {
  return [...new Set([secret, escapeHtml(secret), JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
}

/**
 * Which login variables a file gives away: a function that names those whose value the
 * contents hold in any form a template or serializer could have written it in. Only the
 * salted hash of the login may reach the output.
 */
export function secretFinder(credentials: { username?: string; password?: string } | null | undefined): (contents: string | Uint8Array) => LoginVariable[] {
  const secrets = (
    [
      ['SITE_LOGIN_USERNAME', credentials?.username],
      ['SITE_LOGIN_PASSWORD', credentials?.password],
    ] as const
  )
    .filter((entry): entry is readonly [LoginVariable, string] => Boolean(entry[1]))
    .map(([variable, secret]) => {
      const forms = secretForms(secret);
      return { variable, forms, bytes: forms.map((form) => Buffer.from(form, 'utf8')) };
    });
  return (contents) =>
    secrets
      .filter(({ forms, bytes }) =>
        typeof contents === 'string' ? forms.some((form) => contents.includes(form)) : bytes.some((form) => Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).includes(form)),
      )
      .map(({ variable }) => variable);
}
