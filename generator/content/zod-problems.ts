import { z } from 'zod';
import type { Problem } from '../problems/errors.ts';
import { contentSchema } from '../../site/model/content-schema.ts';
import { problemAtPath, type Located } from './locate.ts';

/* zod's issues, said as a maintainer can act on them: what is wrong, where, and how to fix it. */

/** Keys content.yaml once had, with where what they held lives now. */
const RETIRED_KEYS: Readonly<Record<string, string>> = {
  'agency.freeTrial': "Remove it: the free trial's e-mail link is the free-trial plan's cta.href (under plans), the one the payment page shows.",
};

/** Translates one zod issue into what a maintainer can act on. */
export function fromZodIssue(located: Located, issue: z.core.$ZodIssue): Problem[] {
  const path = issue.path;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const allowed = allowedKeys(path);
        const guess = closest(key, allowed);
        const retired = RETIRED_KEYS[[...path, key].join('.')];
        return problemAtPath(
          located,
          [...path, key],
          `unknown key "${key}"`,
          retired ?? (guess ? `Did you mean "${guess}"?` : allowed.length > 0 ? `Allowed keys here: ${allowed.join(', ')}.` : 'Remove it.'),
          true,
        );
      });
    case 'invalid_type': {
      const key = path[path.length - 1];
      if (issue.input === undefined) {
        return [
          problemAtPath(
            located,
            path,
            typeof key === 'number' ? `item ${key} is missing` : `${String(key ?? 'the file')} is missing`,
            typeof key === 'string' ? `Add "${key}:" with ${describeExpected(issue.expected)}.` : undefined,
          ),
        ];
      }
      const message = issue.message.startsWith('Invalid input')
        ? `must be ${describeExpected(issue.expected)}, not ${describeValue(issue.input)}`
        : issue.message;
      return [problemAtPath(located, path, message, issue.expected === 'string' ? 'Put the text in quotes if YAML reads it as something else.' : (hintFor(issue) ?? `Write ${describeExpected(issue.expected)} here.`))];
    }
    case 'invalid_value': {
      const choices = issue.values.map((value) => JSON.stringify(value)).join(', ');
      const key = path[path.length - 1];
      if (issue.input === undefined && typeof key === 'string') return [problemAtPath(located, path, `${key} is missing`, `Add "${key}:" with one of: ${choices}.`)];
      // A long list of choices (icon names) reads better as the hint than inside the message.
      if (issue.values.length > 6) return [problemAtPath(located, path, `${describeValue(issue.input)} is not one of the allowed values`, `Use one of: ${choices}.`)];
      return [problemAtPath(located, path, `must be one of ${choices}, not ${describeValue(issue.input)}`)];
    }
    default:
      return [problemAtPath(located, path, issue.message.replace(/^Invalid input: /, ''), hintFor(issue))];
  }
}

function hintFor(issue: z.core.$ZodIssue): string | undefined {
  const { message } = issue;
  if (message.includes('https://, mailto: or tel:')) {
    // An address written without its scheme, or with http:, is most often the mistake.
    const address = typeof issue.input === 'string' ? /^(?:http:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]\S*)?)$/i.exec(issue.input.trim())?.[1] : undefined;
    if (address) return `Write the whole address, with https:// in front: https://${address}`;
    return 'Links may only use https:, mailto: or tel:. http: and javascript: links are not allowed.';
  }
  if (message.includes('checkout')) return 'Paste the hosted checkout link, starting with https://.';
  if (message.includes('decimal')) return 'Write prices like 16.99.';
  if (message === 'must not be negative') return 'Write a price of 0 or more, like 16.99.';
  if (message.startsWith('must be a number of dollars')) return 'Write the price as a plain number, without $ or quotes.';
  if (message.includes('whole number')) return 'Write it without decimals or quotes, like 3.';
  if (message === 'must be 1 or more') return 'Write a whole number from 1 up.';
  if (message === 'must not be empty') return 'Write the text, or remove the key if it is optional.';
  if (message.startsWith('must be a hex colour')) return 'Write # and six hex digits in quotes, like "#7c3aed" (unquoted, YAML reads # as the start of a comment).';
  if (message.startsWith('must be a language tag')) return 'Use a two-letter language code, with a region if you like: "en", "en-US".';
  if (message === 'must be a mailto: link') return 'Write mailto: and the address, like mailto:hello@example.com (a ?subject= may follow).';
  if (message.startsWith('must be a site path')) return 'These links go to pages of this site: a lowercase path starting with /, like /faq.';
  if (message.startsWith('must be a tel: link')) return 'Write tel: and the number with digits only (a leading + allowed); the readable form goes in display.';
  if (message.startsWith('must be lowercase letters')) return 'Use only lowercase letters, digits and dashes, starting with a letter or digit.';
  if (message.startsWith('must be the https:// origin')) return 'Write the address the site is served from, like https://www.example.com: no path, no trailing slash.';
  if (message.startsWith('must be a path relative to content.yaml')) return 'Put the image in a media/ folder beside content.yaml and write its path from there, like media/founder.jpg.';
  if (message.startsWith('must stay inside the folder')) return 'Move the image into the folder of content.yaml (a media/ folder beside it) and write its path from there.';
  if (message.startsWith('is an SVG file')) return 'Export it as PNG (keeps transparency), JPEG, WebP or AVIF.';
  if (message.startsWith('must be a .jpg')) return 'Use a JPEG, PNG, WebP or AVIF image.';
  if (message === 'alt text is missing') return 'Add alt: with what the image shows, for people who cannot see it; or decorative: true if it adds nothing the text does not say.';
  if (message === 'a decorative image has no alt text') return 'Remove decorative: true if the text describes the image, or remove alt.';
  if (message.startsWith('must contain {page}')) return 'Keep {page} where the page number goes, like "Page {page} of {pages}".';
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    if (message.startsWith('must list')) return 'Add or remove items so that the list has exactly that many.';
    if (message.startsWith('needs at least')) return 'Add an item under this key (a line starting with "- ").';
  }
  return undefined;
}

function describeExpected(expected: string): string {
  return expected === 'string' ? 'a text value' : expected === 'array' ? 'a list' : expected === 'object' ? 'a mapping of keys' : `a ${expected}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}

/** The keys the schema allows at a content path (to suggest a fix for a typo). */
function allowedKeys(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType | undefined = contentSchema;
  for (const segment of path) {
    schema = unwrap(schema);
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, z.ZodType>)[String(segment)];
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else return [];
  }
  schema = unwrap(schema);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
  return current;
}

/** The allowed key nearest to a typo, if it is close enough to be a likely meaning. */
function closest(key: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
