/*
 * Dotted paths into the content (`bundles.1.books.2`, as problems print them), reading and
 * writing a value at one, and the ids of the elements that show a field. Writing copies only
 * the objects and arrays along the path: every other branch keeps its identity, so memoized
 * fields below an unchanged branch do not render again.
 */

/** The path of a child: `joinPath('bundles', 1)` is `bundles.1`. */
export function joinPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

/** The segments of a path; none for the whole file. */
export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

/** The path and every path above it, nearest first: `a.b.c`, `a.b`, `a`. */
export function selfAndAncestors(path: string): string[] {
  const segments = splitPath(path);
  return segments.map((_, index) => segments.slice(0, segments.length - index).join('.'));
}

/** Whether `path` is `ancestor` or lies below it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);
}

/** The value at a path, undefined where the path leads nowhere. */
export function getAt(root: unknown, path: string): unknown {
  let value = root;
  for (const segment of splitPath(path)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * A copy of `root` with `value` at `path`, sharing every branch off the path. Undefined
 * removes an object's key (an optional field cleared).
 */
export function setAt(root: unknown, path: string, value: unknown): unknown {
  return setSegments(root, splitPath(path), value);
}

function setSegments(node: unknown, segments: readonly string[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  if (Array.isArray(node)) {
    const index = Number(head);
    const copy = node.slice();
    copy[index] = setSegments(node[index], rest, value);
    return copy;
  }
  const record = typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : {};
  const next = setSegments(record[head], rest, value);
  if (next === record[head] && head in record) return node;
  const copy = { ...record };
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** The id of the element that shows the field at a path (its input, or its group). */
export function fieldId(path: string): string {
  return `field-${path}`;
}

/** The id of the messages about the field at a path. */
export function problemId(path: string): string {
  return `problem-${path}`;
}

/** The id of the help text of the field at a path. */
export function helpId(path: string): string {
  return `help-${path}`;
}
