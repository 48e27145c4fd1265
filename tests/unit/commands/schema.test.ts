import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import { ROOT, runSite } from '../../helpers/cli.ts';

// Each test runs the real CLI in a child process; a busy machine can take seconds.
vi.setConfig({ testTimeout: 30_000 });

test('site schema --out FILE writes the same JSON Schema as the committed content.schema.json', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-schema-'));
  const result = await runSite(['schema', '--out', 'schema.json'], { cwd: dir });
  expect(result.code).toBe(0);
  expect(result.stdout).toBe('✓ wrote schema.json\n');
  expect(readFileSync(path.join(dir, 'schema.json'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'content.schema.json'), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
});

test('site schema --out - prints it', async () => {
  const result = await runSite(['schema', '--out', '-']);
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout).title).toBe('content.yaml');
});

test('site schema --out into a folder that does not exist makes it; a folder as the file is a usage problem with a hint, not a crash', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-schema-'));
  const made = await runSite(['schema', '--out', 'docs/schema/content.json'], { cwd: dir });
  expect(made.code).toBe(0);
  expect(JSON.parse(readFileSync(path.join(dir, 'docs/schema/content.json'), 'utf8')).title).toBe('content.yaml');
  const folder = await runSite(['schema', '--out', 'docs'], { cwd: dir });
  expect(folder.code).toBe(2);
  expect(folder.stderr).toBe('cannot write docs: it is a folder\nhint: Give --out a file path in a folder you can write to, or "-" to print the schema.\n');
  rmSync(dir, { recursive: true, force: true });
});

test('site schema --out through a file, or where no folder can be made (/proc), is said in words at once: never a code, never a hang', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-schema-'));
  writeFileSync(path.join(dir, 'notes.md'), 'a file');
  const through = await runSite(['schema', '--out', 'notes.md/content.json'], { cwd: dir });
  expect(through.code).toBe(2);
  expect(through.stderr).toMatch(/^cannot write notes\.md\/content\.json: a part of its path is a file, not a folder\n/);
  if (process.platform === 'linux') {
    const proc = await runSite(['schema', '--out', '/proc/no-such-folder/content.json'], { timeoutMs: 20_000 });
    expect(proc.code).toBe(2);
    expect(proc.stderr).toMatch(/^cannot write \/proc\/no-such-folder\/content\.json: its folder cannot be made there\n/);
  }
  rmSync(dir, { recursive: true, force: true });
}, 30_000);
