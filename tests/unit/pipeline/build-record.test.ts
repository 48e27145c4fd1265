import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readRecord } from '../../../generator/pipeline/build-record.ts';
import { buildProjects } from '../../helpers/build-project.ts';
import { hashTree } from '../../helpers/output.ts';

/*
 * The build record as two files: manifest.json, written whole now and then, and
 * changes.json, what each build since changed. Whatever the sequence, the record read
 * back is the one a build from nothing makes of the same content.
 */

const { project, fromNothing } = buildProjects('site-record-');
const TITLES = ['Mindset', 'Communication', 'How To Build A Business', 'Marketing', 'Sales', 'Leads', 'Offers', 'Investing', 'Financial Literacy', 'Personal Branding'];

const files = (cacheDir: string) => ({ record: path.join(cacheDir, 'manifest.json'), changes: path.join(cacheDir, 'changes.json') });

/** What a build's record says of the site (pages and files), as a build from nothing of the same content records it. */
async function recordFromNothing(contentFile: string) {
  const fresh = project(readFileSync(contentFile, 'utf8'));
  await fresh.build({ noCache: true });
  expect(existsSync(files(fresh.cacheDir).changes)).toBe(false);
  return siteOf(fresh.cacheDir);
}

function siteOf(cacheDir: string) {
  const { pages, files: byPath } = readRecord(cacheDir)!.manifest;
  return { pages, files: Object.fromEntries([...byPath].sort()) };
}

describe('the build record', () => {
  test('an edit records the pages it rendered and the files it wrote beside the record, which stays as it was', async () => {
    const site = project();
    const { record, changes } = files(site.cacheDir);
    await site.build();
    const whole = readFileSync(record);
    site.edit('title: Mindset\n', 'title: Mindset Matters\n');
    const edited = await site.build();
    expect(readFileSync(record)).toEqual(whole);
    const changed = JSON.parse(readFileSync(changes, 'utf8'));
    expect(Object.keys(changed.pages).sort()).toEqual(['/course/1', '/courses/list']);
    expect(changed.files.paths.sort()).toEqual(edited.changes.written.sort());
    expect(changed.files.paths.length).toBeLessThan(10);
    expect(siteOf(site.cacheDir)).toEqual(await recordFromNothing(site.contentFile));
    expect((await site.build()).upToDate).toBe(true);
    site.edit('title: Mindset Matters\n', 'title: Mindset\n');
    expect((await site.build()).changes.rendered).toEqual(['/courses/list', '/course/1']);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 60_000);

  test('edit after edit, the record is written whole again once the changes hold an eighth of it; read back, it is always the site as it is', async () => {
    const site = project();
    const { record, changes } = files(site.cacheDir);
    await site.build();
    let rewritten = 0;
    for (const title of TITLES) {
      site.edit(`title: ${title}\n`, `title: ${title} Revisited\n`);
      const before = readFileSync(record);
      await site.build();
      if (!readFileSync(record).equals(before)) {
        rewritten += 1;
        expect(existsSync(changes)).toBe(false);
      }
      expect(siteOf(site.cacheDir)).toEqual(await recordFromNothing(site.contentFile));
    }
    // 27 pages and ~90 files: ten courses' pages and files and the list's add up to an eighth a few times over.
    expect(rewritten).toBeGreaterThan(0);
    expect(rewritten).toBeLessThan(TITLES.length / 2);
    expect((await site.build()).upToDate).toBe(true);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 120_000);

  test('changes of an earlier record (a build killed before it removed them) are not read', async () => {
    const site = project();
    const { changes } = files(site.cacheDir);
    await site.build();
    site.edit('title: Sales\n', 'title: Selling\n');
    await site.build();
    const stale = `${changes}.stale`;
    copyFileSync(changes, stale);
    site.edit('title: Offers\n', 'title: Irresistible Offers\n');
    await site.build({ noCache: true });
    expect(existsSync(changes)).toBe(false);
    copyFileSync(stale, changes);
    expect((await site.build()).upToDate).toBe(true);
    expect(site.warnings.filter((message) => message.includes('build cache'))).toEqual([]);
  }, 60_000);

  test('changes that are not JSON: the cache is ignored with a warning and every page renders', async () => {
    const site = project();
    const first = await site.build();
    site.edit('title: Leads\n', 'title: Finding Leads\n');
    await site.build();
    writeFileSync(files(site.cacheDir).changes, '{"kind": "site-build-cache", "pages": {');
    const result = await site.build();
    expect(site.warnings.filter((message) => message.includes('build cache'))).toEqual([expect.stringMatching(/^the build cache in .* cannot be read \(changes\.json is not JSON\); building every page afresh/)]);
    expect(result.changes.rendered).toHaveLength(first.pages);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 60_000);
});
