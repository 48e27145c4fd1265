import { rmSync } from 'node:fs';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { contentCopy, positionOf, runSite } from '../../helpers/cli.ts';

// Each test runs the real CLI in a child process; a busy machine can take seconds.
vi.setConfig({ testTimeout: 30_000 });

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the real content with one known problem: a price with three decimals. */
function brokenCopy() {
  const copy = contentCopy((text) => text.replace('price: 114.99', 'price: 114.999'));
  copies.push(copy.dir);
  return copy;
}

describe('site check --format json', () => {
  test('valid content: exactly {"ok": true, "problems": []} on stdout, nothing on stderr, exit 0', async () => {
    const result = await runSite(['check', '--format', 'json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{\n  "ok": true,\n  "problems": []\n}\n');
    expect(result.stderr).toBe('');
  });

  test('a problem: exactly { ok: false, problems: [{ file, line, column, path, message, hint }] }, exit 1', async () => {
    const { dir, source } = brokenCopy();
    const result = await runSite(['check', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const [line, column] = positionOf(source, '114.999').split(':').map(Number);
    expect(JSON.parse(result.stdout)).toStrictEqual({
      ok: false,
      problems: [
        { file: 'content.yaml', line, column, path: 'bundles.3.price', message: 'must have at most two decimal places', hint: 'Write prices like 16.99.' },
      ],
    });
    expect(result.stderr).toBe('');
  });

  test('an unknown format is a usage error: exit 2', async () => {
    const result = await runSite(['check', '--format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--format must be "text" or "json", not "xml"');
  });
});

describe('site check under GITHUB_ACTIONS=true', () => {
  test('text: annotations on stdout, the human-readable list on stderr, exit 1', async () => {
    const { dir, source } = brokenCopy();
    const result = await runSite(['check'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(1);
    const [line, column] = positionOf(source, '114.999').split(':');
    expect(result.stdout).toBe(
      `::error file=content.yaml,line=${line},col=${column}::bundles.3.price: must have at most two decimal places (Write prices like 16.99.)\n`,
    );
    expect(result.stderr).toContain(`content.yaml:${line}:${column}  bundles.3.price  must have at most two decimal places`);
    expect(result.stderr).toMatch(/\n1 problem\n$/);
  });

  test('json: the JSON document alone on stdout, for the tool that reads it; the annotations on stderr', async () => {
    const { dir, source } = brokenCopy();
    const result = await runSite(['check', '--format', 'json'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(1);
    const [line, column] = positionOf(source, '114.999').split(':');
    expect(JSON.parse(result.stdout).ok).toBe(false);
    expect(result.stderr).toContain(`::error file=content.yaml,line=${line},col=${column}::bundles.3.price: must have at most two decimal places (Write prices like 16.99.)\n`);
  });

  test('valid content prints no annotation', async () => {
    const result = await runSite(['check'], { env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('::error');
  });

  test('without GITHUB_ACTIONS no annotation is printed', async () => {
    const { dir } = brokenCopy();
    const result = await runSite(['check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
  });
});

describe('site check --quiet and --verbose', () => {
  test('--quiet prints nothing when the content is valid', async () => {
    const result = await runSite(['--quiet', 'check']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
  });

  test('--quiet still prints problems', async () => {
    const { dir } = brokenCopy();
    const result = await runSite(['check', '--quiet'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('must have at most two decimal places');
  });

  test('--verbose prints each stage with its time', async () => {
    const result = await runSite(['check', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^• load +\d+ ms\n• validate +\d+ ms\n• sources +\d+ ms\n• derive +\d+ ms\n$/);
  });
});

