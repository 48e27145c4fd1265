import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runSite } from '../../helpers/cli.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree } from '../../helpers/output.ts';
import { defaultJobs, WORKERS_FROM } from '../../../generator/render/render-pages.ts';
// @ts-expect-error: a plain JavaScript module of the benchmark scripts
import { syntheticContent } from '../../../scripts/synthetic-content.js';
import { tempDir } from '../../helpers/temp.ts';

const dir = tempDir('site-workers-');

describe('site build renders a large site in worker threads', () => {
  test('1,000 courses: two render workers write exactly the files the main thread alone writes', async () => {
    const content = path.join(dir, 'content.yaml');
    writeFileSync(content, syntheticContent(REAL_CONTENT, 1000));
    const inWorkers = await runSite(['build', '--content', content, '--out', path.join(dir, 'out-workers'), '--jobs', '2', '--verbose'], { cwd: dir });
    expect(inWorkers.code, inWorkers.stderr).toBe(0);
    expect(inWorkers.stderr).toMatch(/• render .* 1042 pages in 2 workers/);
    const inMain = await runSite(['build', '--content', content, '--out', path.join(dir, 'out-main'), '--jobs', '1', '--verbose'], { cwd: dir });
    expect(inMain.code, inMain.stderr).toBe(0);
    expect(inMain.stderr).not.toContain('workers');
    const workers = hashTree(path.join(dir, 'out-workers'));
    expect(Object.keys(workers).length).toBeGreaterThan(2000);
    expect(workers).toEqual(hashTree(path.join(dir, 'out-main')));
    // Pages without a card of their own show the home card, whichever batch they render in.
    const ogImage = (file: string) => /<meta property="og:image" content="([^"]+)"/.exec(readFileSync(path.join(dir, 'out-main', file), 'utf8'))?.[1];
    expect(ogImage('index.html')).toMatch(/\/social\/home\.png\?v=/);
    for (const file of ['404.html', 'course/404.html']) expect(ogImage(file), file).toBe(ogImage('index.html'));
  }, 180_000);

  test('by default a large site renders in one worker per core only with four cores or more; below, in the build\'s own thread', () => {
    expect(defaultJobs(10_216, 2)).toBe(1);
    expect(defaultJobs(10_216, 4)).toBe(4);
    expect(defaultJobs(10_216, 8)).toBe(8);
    expect(defaultJobs(WORKERS_FROM - 1, 8)).toBe(1);
    expect(defaultJobs(27, 16)).toBe(1);
  });

  test('--jobs takes a whole number from 1 to 64', async () => {
    for (const jobs of ['0', '65', 'two']) {
      const result = await runSite(['build', '--jobs', jobs, '--out', path.join(dir, 'never')]);
      expect(result.code, jobs).toBe(2);
      expect(result.stderr).toContain('must be a whole number from 1 to 64');
    }
  });
});
