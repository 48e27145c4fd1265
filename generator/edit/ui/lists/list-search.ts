/* Searching a list by any text in its items: each item's words worked out once per version of the item. */

const textOfItem = new WeakMap<object, string>();

/** All the text and numbers in a value, lowercased, one per line. */
export function searchText(value: unknown): string {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object' || value === null) return '';
  const known = textOfItem.get(value);
  if (known !== undefined) return known;
  const text = Object.values(value).map(searchText).join('\n');
  textOfItem.set(value, text);
  return text;
}

/** The indexes of the items whose text holds every word of the query. */
export function matchingIndexes(items: readonly unknown[], query: string): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found: number[] = [];
  items.forEach((item, index) => {
    const text = searchText(item);
    if (words.every((word) => text.includes(word))) found.push(index);
  });
  return found;
}
