import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { contentCopy, ROOT, runSite } from '../../helpers/cli.ts';

// Each test runs the real CLI in a child process; a busy machine can take seconds.
vi.setConfig({ testTimeout: 30_000 });

const ESCAPE = '\u001b[';

describe('colour', () => {
  test('NO_COLOR=1 turns colour off even when FORCE_COLOR asks for it', async () => {
    const { dir } = contentCopy((text) => text.replace('price: 114.99', 'price: 114.999'));
    const result = await runSite(['check'], { cwd: dir, env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    rmSync(dir, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('must have at most two decimal places');
    expect(result.stderr).not.toContain(ESCAPE);
  });

  test('no colour on a pipe (not a TTY) by default', async () => {
    const result = await runSite(['check'], { env: { NO_COLOR: undefined } });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(ESCAPE);
  });

  test('FORCE_COLOR=1 colours a pipe (for CI logs)', async () => {
    const result = await runSite(['check'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${ESCAPE}32m✓`);
  });
});

describe('mistakes on the command line', () => {
  test('a mistyped command suggests the right one: exit 2', async () => {
    const result = await runSite(['biuld']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown command 'biuld'");
    expect(result.stderr).toContain('(Did you mean build?)');
    expect(result.stdout).toBe('');
  });

  test('a mistyped option suggests the right one: exit 2', async () => {
    const result = await runSite(['check', '--formt', 'json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown option '--formt'");
    expect(result.stderr).toContain('(Did you mean --format?)');
  });

  test('a bad port is explained: exit 2', async () => {
    const result = await runSite(['dev', '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must be a whole number from 0 to 65535');
  });
});

describe('--help', () => {
  const COMMANDS: Record<string, string[]> = {
    build: ['--content <file>', '--out <dir>', '--jobs <n>'],
    check: ['--content <file>', '--format <format>', 'GITHUB_ACTIONS'],
    serve: ['--out <dir>', '--port <port>', '--host <host>'],
    dev: ['--content <file>', '--port <port>', '--host <host>'],
    schema: ['--out <file>'],
  };

  test('lists every command and the global options', async () => {
    const result = await runSite(['--help']);
    expect(result.code).toBe(0);
    for (const command of Object.keys(COMMANDS)) expect(result.stdout).toMatch(new RegExp(`\\n  ${command} `));
    for (const option of ['--quiet', '--verbose', '--version', '--help']) expect(result.stdout).toContain(option);
  });

  test.each(Object.entries(COMMANDS))('site %s --help documents its options and the global ones', async (command, options) => {
    const result = await runSite([command, '--help']);
    expect(result.code).toBe(0);
    for (const option of [...options, '--quiet', '--verbose']) expect(result.stdout).toContain(option);
  });

  test('docs/cli.md documents every command and option', async () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
    for (const [command, options] of Object.entries(COMMANDS)) {
      expect(doc).toContain(`site ${command}`);
      for (const option of options) expect(doc, `${command} ${option}`).toContain(option.split(' ')[0]!);
    }
  });
});

describe('a closed pipe', () => {
  test('output cut short by the reader (site build --help | head -1) ends quietly, without a stack trace', async () => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin', 'site.js'), 'build', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader goes away before the help is written: every write gets EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
