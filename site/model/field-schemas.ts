import { z } from 'zod';
import { ICON_NAMES } from './icons.ts';

/* The fields content.yaml's sections are made of: text, links, prices, ids, images. */

/**
 * A character no page or card can show: a control character other than tab and line
 * breaks (XML, and so a card's drawing, refuses most of them). It comes with text pasted
 * from a word processor or a PDF, or from an escape such as "\b" in quotes, and is invisible
 * in most editors. The same set js-yaml refuses when it stands in the file itself.
 */
export const INVISIBLE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]/;

/** A character as a maintainer can look it up: U+000B. */
export function codePointName(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Where the first invisible character of `value` is, as a reader finds it: after which words. */
function invisibleCharacterIn(value: string): string {
  const found = INVISIBLE_CHARACTER.exec(value);
  if (!found) return 'contains an invisible control character';
  const before = value.slice(Math.max(0, found.index - 20), found.index).trimStart();
  return `contains an invisible control character (${codePointName(found[0])})${before ? ` after "${before}"` : ' at its start'}`;
}

/**
 * Text that is not blank, and shows as written. An empty value is said to be empty, and
 * nothing more: the checks built on it (a link, a path) stop there; so does an invisible character.
 */
export const text = z
  .string()
  .trim()
  .min(1, { message: 'must not be empty', abort: true })
  .refine((value) => !INVISIBLE_CHARACTER.test(value), { error: (issue) => invisibleCharacterIn(String(issue.input)), abort: true });
export const paragraphs = z.array(text).min(1, 'needs at least one paragraph');

/**
 * Whether `value` is an https:// address that goes where it reads: to a host with a dot in
 * its name, with no user name or password before it (https://bank.example@evil.example
 * opens evil.example) and no backslash (browsers read one as a slash, so
 * https://evil.example\@bank.example opens evil.example too).
 */
export function isHttpsAddress(value: string): boolean {
  if (!value.startsWith('https://') || /[\s\\]/.test(value)) return false;
  const url = URL.parse(value);
  return url !== null && url.hostname.includes('.') && url.username === '' && url.password === '';
}

/** Whether `value` is the origin of an https:// address: no path, query or fragment, no trailing slash. */
export function isHttpsOrigin(value: string): boolean {
  return isHttpsAddress(value) && !value.endsWith('/') && !/[?#]/.test(value) && URL.parse(value)!.pathname === '/';
}

/** A link a visitor may follow: https, mailto or tel. Never http: or javascript:. */
export const linkSchema = text.refine((value) => isHttpsAddress(value) || /^(mailto:[^\s@]+@[^\s@]+\.[^\s]+|tel:\+?[0-9][0-9-]{5,})$/.test(value), {
  message: 'must be an https://, mailto: or tel: link',
});
/** A page on the web (a video, the Discord invite): https only, never an e-mail or phone link. */
export const webLinkSchema = text.refine(isHttpsAddress, {
  message: 'must be an https:// link',
});
/** Where a button goes: a page of this site ("/faq") or a link a visitor may follow (linkSchema). */
export const hrefSchema = text.refine((value) => /^\/[a-z0-9/-]*$/.test(value) || linkSchema.safeParse(value).success, {
  message: 'must be a site path like "/faq", or an https://, mailto: or tel: link',
});
/** A hosted card-checkout page: https only. */
export const checkoutUrlSchema = text.refine(isHttpsAddress, {
  message: 'must be an https:// checkout link',
});
export const mailtoSchema = text.refine((value) => /^mailto:[^\s@]+@[^\s@]+\.[^\s?]+(\?[^\s]*)?$/.test(value), {
  message: 'must be a mailto: link',
});
const telSchema = text.refine((value) => /^tel:\+?[0-9][0-9-]{5,}$/.test(value), {
  message: 'must be a tel: link with digits only, like tel:+15550104477',
});

/**
 * The highest price content.yaml may give: far above any this site charges, and low enough
 * that every sum of prices stays exact in cents (a price typed with digits too many is
 * refused, not shown rounded).
 */
export const MAX_PRICE = 1_000_000;

/**
 * A price in dollars as written in the file, with at most two decimal places.
 * Converted to integer cents once, in `derive.ts`; never summed as floats.
 */
export const priceSchema = z
  .number({ error: 'must be a number of dollars, like 16.99' })
  .nonnegative('must not be negative')
  .max(MAX_PRICE, `must be at most $${MAX_PRICE.toLocaleString('en-US')}`)
  .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'must have at most two decimal places',
  })
  .meta({ description: 'In dollars, with at most two decimals, like 16.99.' });

/** `x-edit` tells the content editor (generator/edit/) to offer the icon set as pictures. */
export const iconSchema = z.enum(ICON_NAMES).meta({ 'x-edit': { kind: 'icon' }, description: 'One of the site\'s icons.' });

export const idSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes, like "growth"');

export const cardSchema = z.strictObject({ title: text, text, icon: iconSchema.optional() });
export const stepSchema = z.strictObject({ title: text, text });
export const qaSchema = z.strictObject({ question: text, answer: text });
export const phoneSchema = z.strictObject({ display: text, href: telSchema });

/** The image formats a source may be in. SVG is not one: it can carry script. */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/**
 * An image: a file inside content.yaml's folder (a media/ folder beside it) and its alt
 * text, which may be empty only for an image marked decorative. The file itself (there,
 * an image, large enough, not too large) is checked by the generator (generator/images/).
 */
export const imageSchema = z
  .strictObject({
    src: text
      .refine((value) => !/^([a-z][a-z0-9+.-]*:|\/|\\)/i.test(value) && !value.includes('\\'), { message: 'must be a path relative to content.yaml, like media/founder.jpg' })
      .refine((value) => !value.split('/').includes('..'), { message: 'must stay inside the folder of content.yaml (no "..")' })
      .refine((value) => !value.toLowerCase().endsWith('.svg'), { message: 'is an SVG file, which is not accepted (an SVG can carry script)' })
      .refine((value) => value.toLowerCase().endsWith('.svg') || IMAGE_EXTENSIONS.some((extension) => value.toLowerCase().endsWith(extension)), {
        message: `must be a ${IMAGE_EXTENSIONS.join(', ')} file`,
      }),
    alt: z.string().trim().optional(),
    decorative: z.boolean().optional(),
  })
  .superRefine((image, context) => {
    if (image.decorative && image.alt) context.addIssue({ code: 'custom', path: ['alt'], message: 'a decorative image has no alt text' });
    if (!image.decorative && !image.alt) context.addIssue({ code: 'custom', path: ['alt'], message: 'alt text is missing' });
  })
  .meta({ 'x-edit': { kind: 'image' }, description: 'A picture in media/, with alt text that says what it shows (or decorative: true).' });

/** Fields every page has: its document title (before the brand suffix), its meta description, and optionally the image shown when it is shared (in place of its drawn card). */
export const pageMeta = { title: text, description: text, socialImage: imageSchema.optional() };

export type ImageField = z.infer<typeof imageSchema>;
