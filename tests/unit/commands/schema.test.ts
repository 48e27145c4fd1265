import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
