import { z } from 'zod';
import type { Problem } from '../../problems/errors.ts';
import { contentSchema } from '../../../site/model/content-schema.ts';
import { locatePath, problemAtPath, type Located } from './locate.ts';

/* zod's issues, said as a maintainer can act on them: what is wrong, where, and how to fix it. */

/** Keys content.yaml once had, with where what they held lives now. */
const RETIRED_KEYS: Readonly<Record<string, string>> = {
  'agency.freeTrial': "Remove it: the free trial's e-mail link is the free-trial plan's cta.href (under plans), the one the payment page shows.",
};

/** What to do about a character no page can show (site/model/field-schemas.ts), in a value or in the file itself. */
export const INVISIBLE_CHARACTER_HINT = 'Delete it (retype the words around it if you cannot see it): it comes with text pasted from a word processor or a PDF, and no page can show it.';

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
      if (path.length === 0 && (issue.input === undefined || issue.input === null)) {
        const onlyComments = /^\s*#/m.test(located.source);
        return [
          problemAtPath(
            located,
            path,
            onlyComments ? 'the file holds only comments' : 'the file is empty',
            'content.yaml describes the whole site, starting with site:, agency: and labels: (docs/content-guide.md). If it was emptied by mistake, restore it from version control (git restore content.yaml).',
          ),
        ];
      }
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
      return [problemAtPath(located, path, message, typeHint(located, issue))];
    }
    case 'invalid_value': {
      const choices = issue.values.map((value) => JSON.stringify(value)).join(', ');
      const key = path[path.length - 1];
      if (issue.input === undefined && typeof key === 'string') return [problemAtPath(located, path, `${key} is missing`, `Add "${key}:" with one of: ${choices}.`)];
      // A long list of choices (icon names) reads better as the hint than inside the message,
      // after the one a typo most likely meant.
      if (issue.values.length > 6) {
        const guess = typeof issue.input === 'string' ? closest(issue.input, issue.values.map(String)) : undefined;
        return [problemAtPath(located, path, `${describeValue(issue.input)} is not one of the allowed values`, `${guess ? `Did you mean "${guess}"? ` : ''}Use one of: ${choices}.`)];
      }
      return [problemAtPath(located, path, `must be one of ${choices}, not ${describeValue(issue.input)}`)];
    }
    default:
      return [problemAtPath(located, path, issue.message.replace(/^Invalid input: /, ''), hintFor(issue))];
  }
}

/** How to write the kind of value a field takes, from what was written instead. */
function typeHint(located: Located, issue: z.core.$ZodIssueInvalidType): string {
  const { expected, input } = issue;
  if (input === null && valueReadAsComment(located, issue.path)) return 'Put the value in quotes, like "#7c3aed": unquoted, YAML reads # as the start of a comment.';
  if (expected === 'string') return input === null ? 'Write the text after the colon, or remove the key if it is optional.' : 'Put the text in quotes if YAML reads it as something else.';
  if (expected === 'boolean') return 'Write true or false, without quotes.';
  if (expected === 'number' && typeof input === 'string' && input.trim() !== '' && Number.isFinite(Number(input))) return `Remove the quotes: in quotes, ${input.trim()} is text.`;
  if (expected === 'array' && typeof input === 'string' && input.includes(',')) return `Write the list in brackets, like [${input.trim()}], or one item per line starting with "- ".`;
  return hintFor(issue) ?? `Write ${describeExpected(expected)} here.`;
}

/** Whether the line of the key at `path` goes on, after its colon, with a comment alone (`themeColor: #7c3aed`): what was meant as the value. */
function valueReadAsComment(located: Located, path: readonly PropertyKey[]): boolean {
  const { line } = locatePath(located, path, true);
  const start = located.lineCounter.lineStarts[line - 1] ?? 0;
  const end = located.source.indexOf('\n', start);
  return /:[ \t]+#/.test(located.source.slice(start, end === -1 ? undefined : end));
}

function hintFor(issue: z.core.$ZodIssue): string | undefined {
  const { message } = issue;
  const input = typeof issue.input === 'string' ? issue.input.trim() : undefined;
  if (message.startsWith('contains an invisible')) return INVISIBLE_CHARACTER_HINT;
  if (input !== undefined && message.startsWith('must be a site path') && /^\/\S*[A-Z]/.test(input)) return `Site paths are lowercase: ${input.toLowerCase()}.`;
  if (message.includes('https://')) {
    if (input !== undefined && /\s/.test(input)) return 'A link cannot contain spaces: write each one as %20, or remove it.';
    if (input !== undefined && input.includes('\\')) return 'A link cannot contain a backslash: browsers read it as a slash, and the link would open another site. Write / where one is meant.';
    if (input !== undefined && /^https:\/\/[^/?#]*@/.test(input)) return 'A link cannot name a user or password before its site: a browser opens what follows the @. Write the address alone, like https://example.com.';
    // An address written without its scheme, or with http:, is most often the mistake.
    const address = input === undefined ? undefined : /^(?:http:\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]\S*)?)$/i.exec(input)?.[1];
    if (address) return `Write the whole address, with https:// in front: https://${address}`;
    if (message === 'must be an https:// link') {
      const scheme = input === undefined ? undefined : /^([a-z][a-z0-9+.-]*):/i.exec(input)?.[1];
      return scheme ? `This link opens a web page: ${scheme}: links are not allowed here. Write an address starting with https://.` : 'Write the whole web address, starting with https://.';
    }
    if (message.includes('https://, mailto: or tel:')) return 'Links may only use https:, mailto: or tel:. http: and javascript: links are not allowed.';
  }
  if (message.includes('checkout')) return 'Paste the hosted checkout link, starting with https://.';
  if (message.includes('decimal')) return 'Write prices like 16.99.';
  if (message === 'must not be negative') return 'Write a price of 0 or more, like 16.99.';
  if (message.startsWith('must be at most $')) return 'Write the price in dollars, like 16.99.';
  if (message.startsWith('must be a number of dollars')) return 'Write the price as a plain number, with a point before the cents and no currency sign or quotes, like 16.99.';
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
  return expected === 'string' ? 'a text value' : expected === 'boolean' ? 'true or false' : expected === 'array' ? 'a list' : expected === 'object' ? 'a mapping of keys' : `a ${expected}`;
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
