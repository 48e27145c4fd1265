import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { prepareRecord, readRecord, RECORD_FILE } from '../../../generator/cache/build-record.ts';
import { buildProjects } from '../../helpers/build-project.ts';
import { hashTree } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * The build record: one file, written whole beside and renamed into place. Whatever the
 * sequence of edits, the record read back is the one a build from nothing makes of the
 * same content, and nothing but a complete record of this version is ever read.
 */

const { project, fromNothing } = buildProjects('site-record-');
const TITLES = ['Mindset', 'Communication', 'How To Build A Business', 'Marketing', 'Sales'];

/** What a record says of the site: each page's key and each file's identity. */
function siteOf(cacheDir: string) {
  const record = readRecord(cacheDir)!;
  return { pages: Object.fromEntries(Object.entries(record.pages).map(([route, page]) => [route, page.key])), files: Object.fromEntries([...record.files].sort()) };
}

async function recordFromNothing(contentFile: string) {
  const fresh = project(readFileSync(contentFile, 'utf8'));
  await fresh.build({ noCache: true });
  return siteOf(fresh.cacheDir);
}

describe('the build record', () => {
  test('edit after edit, the record is one file that always says what a build from nothing would', async () => {
    const site = project();
    await site.build();
    for (const title of TITLES) {
      site.edit(`title: ${title}\n`, `title: ${title} Revisited\n`);
      await site.build();
      expect(readdirSync(site.cacheDir).filter((name) => name.startsWith(RECORD_FILE))).toEqual([RECORD_FILE]);
      expect(siteOf(site.cacheDir)).toEqual(await recordFromNothing(site.contentFile));
    }
    expect((await site.build()).upToDate).toBe(true);
    expect(hashTree(site.outDir)).toEqual(await fromNothing(site.contentFile));
  }, 120_000);

  test('a record a killed build left half-written beside the real one is never read, and the next build writes over it', async () => {
    const site = project();
    await site.build();
    const halfWritten = path.join(site.cacheDir, `${RECORD_FILE}.tmp`);
    writeFileSync(halfWritten, readFileSync(path.join(site.cacheDir, RECORD_FILE), 'utf8').slice(0, 500));
    expect((await site.build()).upToDate).toBe(true);
    site.edit('title: Sales\n', 'title: Selling\n');
    expect((await site.build()).changes.rendered).toEqual(['/courses/list', '/course/5']);
    expect(readdirSync(site.cacheDir).filter((name) => name.startsWith(RECORD_FILE))).toEqual([RECORD_FILE]);
    expect(site.warnings.filter((message) => message.includes('build cache'))).toEqual([]);
  }, 60_000);

  test('read back, a record is what was written; one naming a file outside out/ or an identity that is not a hash is refused as damaged', () => {
    const dir = tempDir('site-record-unit-');
    const record = {
      inputs: 'a'.repeat(40),
      login: { siteUrl: 'https://example.org', hash: null },
      outDir: '/srv/out',
      pages: { '/': { key: 'b'.repeat(40), title: null, canonical: 'c', html: { raw: 10, brotli: 5 }, exact: true } },
      files: new Map([['index.html', 'd'.repeat(40)]]),
      downloads: { js: 70_000, css: 9_000 },
      fixedSizes: [],
      prices: {},
      images: {},
      out: null,
      spare: null,
      retired: [],
    };
    prepareRecord(dir, record).commit();
    expect(readRecord(dir)).toEqual(record);
    for (const [file, id] of [['../escape.html', 'd'.repeat(40)], ['/etc/passwd', 'd'.repeat(40)], ['a/./b.html', 'd'.repeat(40)], ['index.html', '../../x']]) {
      prepareRecord(dir, { ...record, files: new Map([[file!, id!]]) }).commit();
      const warnings: string[] = [];
      expect(readRecord(dir, (message) => warnings.push(message)), file).toBeNull();
      expect(warnings).toEqual([expect.stringMatching(/is damaged; building every page afresh/)]);
    }
  });
});
