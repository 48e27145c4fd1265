import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { readContentForEdit, readsBack, saveContent } from '../../../generator/edit/content-file-edit.ts';
import { readYamlSource } from '../../../generator/edit/yaml/yaml-edit.ts';
import { tempDir } from '../../helpers/temp.ts';

/* The editor's save as a file operation: the bytes it keeps, and the file it never overwrites. */

function fileWith(bytes: string | Buffer): string {
  const file = path.join(tempDir('site-save-'), 'content.yaml');
  writeFileSync(file, bytes);
  return file;
}

test('a file saved with a byte-order mark keeps it; only the edited line changes', () => {
  const file = fileWith(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# prices\nprice: 16.99\nname: A\n')]));
  const read = readContentForEdit(file, 'content.yaml');
  const outcome = saveContent(file, { ...read, source: readYamlSource(read.text) }, read.base, { price: 12.5, name: 'A' });
  expect(outcome.status).toBe('saved');
  expect(readFileSync(file)).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# prices\nprice: 12.5\nname: A\n')]));
  // The identity it returns is the one the next save must name.
  const again = readContentForEdit(file, 'content.yaml');
  expect(outcome.status === 'saved' && outcome.file.base).toBe(again.base);
});

test('a file changed since it was read is not written, and no temporary file is left beside it', () => {
  const file = fileWith('price: 16.99\n');
  const read = readContentForEdit(file, 'content.yaml');
  writeFileSync(file, 'price: 18\n');
  expect(saveContent(file, { ...read, source: readYamlSource(read.text) }, read.base, { price: 1 })).toEqual({ status: 'conflict' });
  expect(readFileSync(file, 'utf8')).toBe('price: 18\n');
  expect(readdirSync(path.dirname(file))).toEqual(['content.yaml']);
});

test('a file deleted since it was read (a branch switched, say) is a conflict: nothing is written in its place', () => {
  const file = fileWith('price: 16.99\n');
  const read = readContentForEdit(file, 'content.yaml');
  rmSync(file);
  expect(saveContent(file, { ...read, source: readYamlSource(read.text) }, read.base, { price: 1 })).toEqual({ status: 'conflict' });
  expect(readdirSync(path.dirname(file))).toEqual([]);
});

test('a missing file is a plain problem, as the build says it', () => {
  expect(() => readContentForEdit(path.join(tempDir('site-save-'), 'content.yaml'), 'content.yaml')).toThrow(expect.objectContaining({ problems: [expect.objectContaining({ message: 'cannot find content.yaml' })] }));
});

test('a content.yaml that is a symbolic link is saved into the file it names, and stays a link', () => {
  const dir = tempDir('site-save-');
  mkdirSync(path.join(dir, 'shared'));
  const target = path.join(dir, 'shared', 'content.yaml');
  writeFileSync(target, 'price: 16.99\n');
  const link = path.join(dir, 'content.yaml');
  symlinkSync(path.join('shared', 'content.yaml'), link);
  const read = readContentForEdit(link, 'content.yaml');
  expect(saveContent(link, { ...read, source: readYamlSource(read.text) }, read.base, { price: 12.5 }).status).toBe('saved');
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readFileSync(target, 'utf8')).toBe('price: 12.5\n');
  expect(readdirSync(path.join(dir, 'shared'))).toEqual(['content.yaml']);
});

test('a text the build reads but the editor could not read again does not count as read back', () => {
  // js-yaml reads a quoted text whose later lines start at column 0, inside an indented
  // block; the editor's parser does not, and would refuse every later save.
  const data = { faq: [{ answer: 'Free.\n\nReally.' }] };
  expect(readsBack('faq:\n  - answer: "Free.\\n\\nReally."\n', data)).toBe(true);
  expect(readsBack('faq:\n  - answer: "Free.\n\n\nReally."\n', data)).toBe(false);
});

test('a file the build reads but the editor cannot is left as it was, and the refusal says which line to fix', () => {
  const text = 'price: 16.99\nfaq:\n  - answer: "Free.\n\n\nReally."\n';
  const file = fileWith(text);
  const read = readContentForEdit(file, 'content.yaml');
  expect(readYamlSource(read.text)).toBeNull();
  const outcome = saveContent(file, { ...read, source: null }, read.base, { price: 12.5, faq: [{ answer: 'Free.\n\nReally.' }] });
  expect(outcome).toMatchObject({ status: 'refused', refused: [{ line: 3 }] });
  expect(outcome.status === 'refused' && outcome.refused[0]!.message).toMatch(/syntax error: .+ on line 3, so it cannot be edited in the form/);
  expect(readFileSync(file, 'utf8')).toBe(text);
});
