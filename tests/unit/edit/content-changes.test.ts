import fc from 'fast-check';
import { expect, test } from 'vitest';
import { applyChanges, ChangeError, changesBetween } from '../../../generator/edit/content-changes.ts';

/* What a draft or a save sends: the changes the form made, which the server makes again to the content it holds. */

const content = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.string(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(fc.constantFrom('id', 'title', 'price', 'books', '__proto__', 'constructor'), tie('value'), { maxKeys: 4 }),
})).value;

test('the changes between any two contents, made to the first, give the second', () => {
  fc.assert(
    fc.property(content, content, (from, to) => {
      const before = structuredClone(from);
      expect(applyChanges(from, changesBetween(from, to))).toEqual(to);
      // The content the changes are made to is left as it was.
      expect(from).toEqual(before);
    }),
    { numRuns: 300 },
  );
});

test('an edit that shares what it did not change sends only what changed, and the server shares it too', () => {
  const books = [{ id: 1, title: 'A', price: 16.99 }, { id: 2, title: 'B', price: 9 }];
  const courses = Array.from({ length: 1000 }, (_, index) => ({ id: index + 1, title: `Course ${index + 1}` }));
  const saved = { site: { name: 'Y' }, books, courses };
  // As the form edits: a new object along the path, everything else the same.
  const edited = { ...saved, books: [books[0], { ...books[1]!, price: 12.5 }] };
  const changes = changesBetween(saved, edited);
  expect(changes).toEqual([{ path: ['books', 1, 'price'], value: 12.5 }]);
  const made = applyChanges(saved, changes) as typeof saved;
  expect(made).toEqual(edited);
  expect(made.courses).toBe(saved.courses);
  expect(made.books[0]).toBe(saved.books[0]);
  // A key removed, a list that grew: the removal by its path, the list whole.
  expect(changesBetween({ a: 1, b: [1] }, { b: [1, 2] })).toEqual([{ path: ['b'], value: [1, 2] }, { path: ['a'] }]);
});

test('a change that does not fit the content is refused as such', () => {
  expect(() => applyChanges({ books: [] }, [{ path: ['books', 3, 'price'], value: 1 }])).toThrow(ChangeError);
  expect(() => applyChanges({ site: 'x' }, [{ path: ['site', 'name'], value: 1 }])).toThrow(ChangeError);
  expect(() => applyChanges({ books: [1] }, [{ path: ['books', 0] }])).toThrow(ChangeError);
  expect(() => applyChanges({}, [{ path: 'books' } as never])).toThrow(ChangeError);
  // A key named __proto__ is a key of the content, never the object's prototype.
  const made = applyChanges({}, [{ path: ['__proto__'], value: { polluted: true } }]) as Record<string, unknown>;
  expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
  expect(Object.keys(made)).toEqual(['__proto__']);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});
