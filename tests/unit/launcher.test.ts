import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';
import { projectCopy } from '../helpers/dev.ts';

const project = projectCopy();

// A time limit of its own: a synchronous child blocks this thread, and with it the test's timeout.
const check = () => spawnSync(process.execPath, [project.bin, 'check', '--no-cache'], { cwd: project.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 90_000, killSignal: 'SIGKILL' });
const compiled = () => readdirSync(path.join(project.dir, 'node_modules', '.cache', 'site-cli')).filter((name) => /^cli-[0-9a-f]+$/.test(name)).sort();

describe('bin/site.js compiles the CLI once per change', () => {
  test('it reuses the compiled CLI, and compiles again after a source edit or an update of a package compiled in', () => {
    expect(check().status).toBe(0);
    const first = compiled();
    expect(first).toHaveLength(1);
    // Run from its V8 code cache: written after the first run, beside the compiled file.
    expect(readdirSync(path.join(project.dir, 'node_modules', '.cache', 'site-cli', first[0]!))).toContain('cli.cjs.v8-cache');
    expect(check().status).toBe(0);
    expect(compiled()).toEqual(first);

    appendFileSync(path.join(project.dir, 'generator', 'report.ts'), '\n// an edit\n');
    expect(check().status).toBe(0);
    const second = compiled();
    expect(second).toHaveLength(2);

    // `npm update` of zod within its range: the same package.json, another installed version.
    const zod = path.join(project.dir, 'node_modules', 'zod');
    unlinkSync(zod);
    cpSync(path.join(ROOT, 'node_modules', 'zod'), zod, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(zod, 'package.json'), 'utf8'));
    writeFileSync(path.join(zod, 'package.json'), JSON.stringify({ ...manifest, version: `${manifest.version}-updated` }));
    const result = check();
    expect(result.status, result.stderr).toBe(0);
    expect(compiled()).toHaveLength(3);
  }, 120_000);
});
