import type { JsonSchema } from '../../protocol.ts';
import { childSchema, resolveSchema } from './schema.ts';
import { splitPath } from './paths.ts';

/* The words the forms show, made from the schema's property names and the items' own fields. */

/** Short words a maintainer reads in capitals. */
const ACRONYMS: Readonly<Record<string, string>> = { url: 'URL', cta: 'CTA', faq: 'FAQ', faqs: 'FAQs', id: 'ID', href: 'link (href)' };

/** A property name in words: "themeColor" is "Theme color", "videoUrl" is "Video URL". */
export function words(name: string): string {
  const parts = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((part) => ACRONYMS[part] ?? part);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A label inside a sentence: "Short name" is "short name", "Video URL" is "video URL", "ID" stays. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** One item of a list named `name`: "courses" → "course", "policies" → "policy"; undefined when the name is not a plural. */
export function singular(name: string): string | undefined {
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return undefined;
}

/** The label of the button that adds an item to a list: "Add course", "Add item to Main". */
export function addItemLabel(listName: string): string {
  const one = singular(listName);
  return one ? `Add ${inSentence(words(one))}` : `Add item to ${words(listName)}`;
}

/** The fields an item is known by, in the order they are tried. */
const NAME_FIELDS = ['title', 'name', 'question', 'label', 'heading', 'value', 'id'] as const;

/** What a row of a list is called: its title, name, question… or its number. */
export function itemName(item: unknown, index: number): string {
  if (typeof item === 'string' || typeof item === 'number') return String(item).trim() || `Item ${index + 1}`;
  if (typeof item === 'object' && item !== null) {
    for (const field of NAME_FIELDS) {
      const value = (item as Record<string, unknown>)[field];
      if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
    }
  }
  return `Item ${index + 1}`;
}

/** A path as a maintainer reads it: "Bundles › Starter pack › Books › 3". */
export function pathInWords(path: string, root: JsonSchema, data: unknown): string {
  const names: string[] = [];
  let schema: JsonSchema | undefined = resolveSchema(root, root);
  let value = data;
  for (const segment of splitPath(path)) {
    const inList = schema?.type === 'array';
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
    names.push(inList ? (typeof value === 'object' && value !== null ? itemName(value, Number(segment)) : `${Number(segment) + 1}`) : words(segment));
    schema = schema ? childSchema(schema, segment, root) : undefined;
  }
  return names.join(' › ') || 'The whole file';
}
