/*
 * A draft or a save travels as the changes the form made to the content as the server
 * last read or saved it, not as the whole content: a large site's content is megabytes of
 * JSON, which the page would write and the server read again on every keystroke.
 * The form's content is immutable, each edit sharing what it did not change, so the
 * changes are found by following only what is not the same object. Runs in the browser
 * (ui/) and in Node (editor-session.ts).
 */

/** A value set at a path of the content (`value` absent: the key removed from its map). Path [] is the whole content. */
export interface ContentChange {
  path: (string | number)[];
  value?: unknown;
}

/** The changes that make `from` into `to`: a value that is the same object is not looked into. */
export function changesBetween(from: unknown, to: unknown, path: (string | number)[] = [], changes: ContentChange[] = []): ContentChange[] {
  if (Object.is(from, to)) return changes;
  if (isRecord(from) && isRecord(to)) {
    for (const key of Object.keys(to)) {
      if (!Object.hasOwn(from, key)) changes.push({ path: [...path, key], value: to[key] });
      else changesBetween(from[key], to[key], [...path, key], changes);
    }
    for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) changes.push({ path: [...path, key] });
    return changes;
  }
  // A list of the same length is looked into item by item; one that grew, shrank or is new is sent whole.
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    to.forEach((item, index) => changesBetween(from[index], item, [...path, index], changes));
    return changes;
  }
  changes.push({ path, value: to });
  return changes;
}

/** `data` with `changes` made, as new objects along each changed path (`data` itself is left as it was). */
export function applyChanges(data: unknown, changes: readonly ContentChange[]): unknown {
  let result = data;
  for (const change of changes) {
    if (!Array.isArray(change?.path)) throw new ChangeError('a change without a path');
    result = setAt(result, change.path, 0, change);
  }
  return result;
}

/** A change that does not fit the content it is made to. */
export class ChangeError extends Error {}

function setAt(value: unknown, path: readonly unknown[], depth: number, change: ContentChange): unknown {
  if (depth === path.length) {
    if (!Object.hasOwn(change, 'value')) throw new ChangeError('only a key of a map can be removed');
    return change.value;
  }
  const key = path[depth];
  const last = depth === path.length - 1;
  if (Array.isArray(value)) {
    if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key >= value.length) throw new ChangeError(`no item ${String(key)} at ${path.slice(0, depth).join('.') || 'the top'}`);
    const copy = [...value];
    copy[key] = setAt(value[key], path, depth + 1, change);
    return copy;
  }
  if (isRecord(value) && typeof key === 'string') {
    if (last && !Object.hasOwn(change, 'value')) {
      const { [key]: _removed, ...rest } = value;
      return rest;
    }
    if (!last && !Object.hasOwn(value, key)) throw new ChangeError(`no key ${key} at ${path.slice(0, depth).join('.') || 'the top'}`);
    // Defined as an own property: a key named __proto__ is a key like any other.
    const copy = { ...value };
    Object.defineProperty(copy, key, { value: setAt(value[key], path, depth + 1, change), enumerable: true, writable: true, configurable: true });
    return copy;
  }
  throw new ChangeError(`nothing to change at ${path.slice(0, depth + 1).join('.')}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
