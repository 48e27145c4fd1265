import { describe, expect, test } from 'vitest';
import { contentJsonSchema } from '../../../../generator/content/json-schema.ts';
import type { JsonSchema } from '../../../../generator/edit/protocol.ts';
import { withComputed } from '../../../../generator/edit/ui/model/editor-model.ts';
import { record, redo, startHistory, undo } from '../../../../generator/edit/ui/model/history.ts';
import { getAt, setAt } from '../../../../generator/edit/ui/model/paths.ts';
import { emptyValue, fieldKind, schemaAt } from '../../../../generator/edit/ui/model/schema.ts';

/*
 * What the editor's page keeps of an edit: a snapshot that shares what it did not change,
 * undo steps a person would expect, and fields chosen from the content's real schema.
 */

const schema = contentJsonSchema() as JsonSchema;

describe('an edit copies only its path', () => {
  test('the edited branch is new, every other branch is the same object', () => {
    const before = { books: [{ title: 'A', price: 1 }, { title: 'B', price: 2 }], site: { name: 'S' } };
    const after = setAt(before, 'books.1.price', 3) as typeof before;
    expect(getAt(after, 'books.1.price')).toBe(3);
    expect(before.books[1]!.price).toBe(2);
    expect(after.site).toBe(before.site);
    expect(after.books[0]).toBe(before.books[0]);
    expect(after.books).not.toBe(before.books);
  });
});

describe('undo and redo', () => {
  test('typing in one field is one step; another field, or a pause, starts a new one', () => {
    let history = startHistory('');
    history = record(history, 'a', 'site.name', 1_000);
    history = record(history, 'ab', 'site.name', 1_200);
    history = record(history, 'abc', 'site.name', 1_400);
    history = record(history, 'abcd', 'site.tagline', 1_500);
    history = record(history, 'abcde', 'site.tagline', 4_000);
    expect((history = undo(history)).present).toBe('abcd');
    expect((history = undo(history)).present).toBe('abc');
    expect((history = undo(history)).present).toBe('');
    expect(undo(history)).toBe(history);
    expect((history = redo(history)).present).toBe('abc');
    // An edit after an undo drops what could have been redone.
    history = record(history, 'x', 'site.name', 5_000);
    expect(redo(history)).toBe(history);
  });
});

describe('fields from the content schema', () => {
  test('icons, images and a bundle\'s books get their own fields; a level is a choice; a price a number', () => {
    expect(fieldKind(schemaAt(schema, 'books.0.icon')!)).toBe('icon');
    expect(fieldKind(schemaAt(schema, 'site.logo')!)).toBe('image');
    expect(fieldKind(schemaAt(schema, 'bundles.0.books')!)).toBe('reference');
    expect(fieldKind(schemaAt(schema, 'courses.0.level')!)).toBe('choice');
    expect(fieldKind(schemaAt(schema, 'books.0.price')!)).toBe('number');
  });

  test('a new course takes the next free id and has every required field', () => {
    const courses = [{ id: 1 }, { id: 7 }];
    const course = emptyValue(schemaAt(schema, 'courses.0')!, schema, courses) as Record<string, unknown>;
    expect(course.id).toBe(8);
    for (const key of ['title', 'description', 'duration', 'level']) expect(course).toHaveProperty(key);
  });
});

describe('computed values from the answers to drafts', () => {
  const held = { computed: { 'bundles.0': ['Savings $1'], 'courses.0': ['Title: A'], 'courses.1': ['Title: B'] }, computedId: 'x.1' };

  test('changes since the values held are applied; a value no longer computed goes; the rest keep their objects', () => {
    const next = withComputed(held, { id: 'x.2', since: 'x.1', changed: { 'courses.0': ['Title: A2'], 'courses.1': null } });
    expect(next).toEqual({ computed: { 'bundles.0': ['Savings $1'], 'courses.0': ['Title: A2'] }, computedId: 'x.2' });
    expect(next.computed['bundles.0']).toBe(held.computed['bundles.0']);
  });

  test('no changes, or all values equal to those held, keep the same object (nothing renders again)', () => {
    expect(withComputed(held, { id: 'x.2', since: 'x.1', changed: {} }).computed).toBe(held.computed);
    expect(withComputed(held, { id: 'x.3', all: structuredClone(held.computed) })).toEqual({ computed: held.computed, computedId: 'x.3' });
  });

  test('changes since values the page does not hold are ignored, so the next draft asks for all of them', () => {
    expect(withComputed(held, { id: 'x.3', since: 'x.2', changed: { 'courses.0': ['Title: C'] } })).toBe(held);
  });
});
