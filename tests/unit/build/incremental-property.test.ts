import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseYaml } from '../../../generator/content/parse-yaml.ts';
import { validateContent } from '../../../generator/content/validate.ts';
import { build } from '../../../generator/build/build.ts';
import { REAL_CONTENT } from '../../helpers/content.ts';
import { hashTree, listFiles } from '../../helpers/output.ts';
import { tempDir } from '../../helpers/temp.ts';

/*
 * The promise of incremental builds, as a property: after any sequence of edits, the out/
 * a build makes from the last build's cache is byte for byte the out/ a build from
 * nothing (--no-cache) makes of the same content. Edits are drawn at random: courses,
 * books and bundles added, removed and edited, prices, FAQ items, labels, page titles, the
 * site's name and the login variables; and, between builds, damage to what a build keeps:
 * files of out/ changed, removed or added, a folder replaced by a file (in out/, the spare
 * beside it or the cache), the spare damaged, emptied or swapped with out/, files of the
 * cache damaged, its record removed, or an older cache put back (as a CI cache restored
 * with restore keys).
 */

type Content = {
  site: { name: string };
  labels: Record<string, string>;
  pages: Record<string, { title: string; items?: { question: string; answer: string }[] }>;
  courses: { id: number; title: string; description: string; duration: string; level: string; videoUrl?: string }[];
  books: { id: number; title: string; topic: string; description: string; icon: string; price: number; checkoutUrl: string }[];
  bundles: { id: string; price: number; books: number[] }[];
};

const BASE = parse(readFileSync(REAL_CONTENT, 'utf8')) as Content;
const cents = (price: number) => Math.round(price * 100);
const dollars = (value: number) => Math.round(value) / 100;

/** Keeps every bundle cheaper than its books, as the content rules want. */
function fixBundlePrices(content: Content): void {
  const prices = new Map(content.books.map((book) => [book.id, cents(book.price)]));
  for (const bundle of content.bundles) {
    const sum = bundle.books.reduce((total, id) => total + (prices.get(id) ?? 0), 0);
    if (cents(bundle.price) >= sum) bundle.price = dollars(Math.floor(sum * 0.7));
  }
}

/** One edit of the content (or of the login variables), drawn from a seed. */
type Edit = { kind: string; pick: number; text: string };
const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom(
    'addCourse', 'removeCourse', 'courseTitle', 'addBook', 'removeBook', 'bookPrice', 'bundlePrice', 'bundleBooks',
    'addFaq', 'removeFaq', 'faqAnswer', 'label', 'pageTitle', 'siteName', 'login',
  ),
  pick: fc.nat(1000),
  text: fc.stringMatching(/^[A-Za-z][A-Za-z ]{2,20}[a-z]$/),
});

const LOGINS: NodeJS.ProcessEnv[] = [{}, { SITE_LOGIN_USERNAME: 'member-one', SITE_LOGIN_PASSWORD: 'first secret 1' }, { SITE_LOGIN_USERNAME: 'member-one', SITE_LOGIN_PASSWORD: 'second secret 2' }];

/** Applies an edit to `content` (in place) or returns the next login variables. */
function apply(content: Content, { kind, pick, text }: Edit, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const at = <T,>(list: T[]) => list[pick % list.length]!;
  const nextId = (list: { id: number }[]) => Math.max(0, ...list.map((item) => item.id)) + 1;
  switch (kind) {
    case 'addCourse':
      content.courses.push({ id: nextId(content.courses), title: text, description: `${text}, step by step.`, duration: '30 min', level: 'Advanced' });
      break;
    case 'removeCourse':
      if (content.courses.length > 1) content.courses.splice(pick % content.courses.length, 1);
      break;
    case 'courseTitle':
      at(content.courses).title = text;
      break;
    case 'addBook': {
      const id = nextId(content.books);
      content.books.push({ id, title: text, topic: 'Skills', description: `${text}, in one book.`, icon: 'brain', price: 9.99, checkoutUrl: `https://checkout.example.com/pay/book-${id}` });
      at(content.bundles).books.push(id);
      break;
    }
    case 'removeBook': {
      if (content.books.length < 3) break;
      const [book] = content.books.splice(pick % content.books.length, 1);
      for (const bundle of content.bundles) bundle.books = bundle.books.filter((id) => id !== book!.id);
      content.bundles = content.bundles.filter((bundle) => bundle.books.length > 0);
      break;
    }
    case 'bookPrice':
      at(content.books).price = dollars(500 + (pick % 3000));
      break;
    case 'bundlePrice':
      at(content.bundles).price = dollars(100 + (pick % 5000));
      break;
    case 'bundleBooks': {
      const bundle = at(content.bundles);
      if (bundle.books.length > 1) bundle.books.pop();
      break;
    }
    case 'addFaq':
      content.pages.faq!.items!.push({ question: `${text}?`, answer: `${text}, answered.` });
      break;
    case 'removeFaq':
      if (content.pages.faq!.items!.length > 1) content.pages.faq!.items!.splice(pick % content.pages.faq!.items!.length, 1);
      break;
    case 'faqAnswer':
      at(content.pages.faq!.items!).answer = `${text}.`;
      break;
    case 'label': {
      const key = at(Object.keys(content.labels));
      content.labels[key] = text;
      break;
    }
    case 'pageTitle':
      content.pages[at(Object.keys(content.pages))]!.title = text;
      break;
    case 'siteName':
      content.site.name = text;
      break;
    case 'login':
      return LOGINS[pick % LOGINS.length]!;
  }
  fixBundlePrices(content);
  return env;
}

/** Damage to what builds keep, done between two builds (see the top of this file). */
const DAMAGES = [
  'outFileChanged', 'outFileRemoved', 'outStrayAdded', 'outFolderToFile', 'spareFileChanged', 'spareEmptied', 'outSwappedWithSpare',
  'spareOrCacheFolderToFile', 'storeFileChanged', 'imageCutShort', 'clientByteChanged', 'recordRemoved', 'olderCacheRestored',
] as const;
type Damage = { damage: (typeof DAMAGES)[number]; pick: number };
const damage: fc.Arbitrary<Damage> = fc.record({ damage: fc.constantFrom(...DAMAGES), pick: fc.nat(10_000) });

/** The folders a damage may touch: the project's out/, the spare beside it, its cache, and a copy of its cache from after the first build. */
interface Kept {
  outDir: string;
  spareDir: string;
  cacheDir: string;
  olderCache: string;
}

/** Does `damage` to what the builds of `kept` keep. */
function doDamage({ damage: kind, pick }: Damage, kept: Kept): void {
  const pickFrom = (dir: string, filter: (file: string) => boolean = () => true) => {
    const files = listFiles(dir).filter(filter);
    return files.length > 0 ? path.join(dir, files[pick % files.length]!) : null;
  };
  const changeBytes = (file: string | null) => file && writeFileSync(file, `damaged ${pick}`);
  switch (kind) {
    case 'outFileChanged':
      changeBytes(pickFrom(kept.outDir));
      break;
    case 'outFileRemoved':
      rmSync(pickFrom(kept.outDir) ?? kept.outDir, { recursive: true, force: true });
      break;
    case 'outStrayAdded':
      mkdirSync(path.join(kept.outDir, 'course', `${900 + (pick % 50)}`), { recursive: true });
      writeFileSync(path.join(kept.outDir, 'course', `${900 + (pick % 50)}`, 'index.html'), 'a page no build made');
      writeFileSync(path.join(kept.outDir, 'assets', `stray-${pick}.js`), 'alert(1)');
      break;
    case 'outFolderToFile': {
      const folder = path.join(kept.outDir, ['faq', 'social', 'course'][pick % 3]!);
      rmSync(folder, { recursive: true, force: true });
      writeFileSync(folder, 'a file where a folder was');
      break;
    }
    case 'spareOrCacheFolderToFile': {
      // A folder above others: course/ in the spare, or a folder of the cache's store/ or images/.
      const inCache = (name: string) => {
        const parent = path.join(kept.cacheDir, name);
        const folders = existsSync(parent) ? readdirSync(parent) : [];
        return folders.length > 0 ? path.join(parent, folders[pick % folders.length]!) : null;
      };
      const folder = [path.join(kept.spareDir, 'course'), inCache('store'), inCache('images')][pick % 3];
      if (!folder || !existsSync(folder)) break;
      rmSync(folder, { recursive: true, force: true });
      writeFileSync(folder, 'a file where a folder was');
      break;
    }
    case 'spareFileChanged':
      changeBytes(pickFrom(kept.spareDir));
      break;
    case 'spareEmptied':
      if (existsSync(kept.spareDir)) for (const entry of readdirSync(kept.spareDir)) rmSync(path.join(kept.spareDir, entry), { recursive: true });
      break;
    case 'outSwappedWithSpare':
      if (!existsSync(kept.spareDir)) break;
      renameSync(kept.outDir, `${kept.outDir}-swap`);
      renameSync(kept.spareDir, kept.outDir);
      renameSync(`${kept.outDir}-swap`, kept.spareDir);
      break;
    case 'storeFileChanged':
      changeBytes(pickFrom(path.join(kept.cacheDir, 'store')));
      break;
    case 'imageCutShort': {
      const image = pickFrom(path.join(kept.cacheDir, 'images'));
      if (image) truncateSync(image, 100);
      break;
    }
    case 'clientByteChanged': {
      const file = pickFrom(path.join(kept.cacheDir, 'client'), (name) => name.endsWith('.js'));
      if (file) {
        const bytes = readFileSync(file);
        bytes[pick % bytes.length]! ^= 1;
        writeFileSync(file, bytes);
      }
      break;
    }
    case 'recordRemoved':
      rmSync(path.join(kept.cacheDir, 'record.json'), { force: true });
      break;
    case 'olderCacheRestored':
      rmSync(kept.cacheDir, { recursive: true, force: true });
      cpSync(kept.olderCache, kept.cacheDir, { recursive: true });
      break;
  }
}

/** Whether `source` is content the build accepts (an edit that breaks a rule is skipped). */
function isValid(source: string): boolean {
  try {
    validateContent({ file: 'content.yaml', displayName: 'content.yaml', source, data: parseYaml(source, 'content.yaml') });
    return true;
  } catch {
    return false;
  }
}

describe('incremental builds are exact', () => {
  test('after every step of random edits and damage, out/ is byte-identical to a --no-cache build of the same content', async () => {
    const dir = tempDir('site-property-');
    let run = 0;
    const done = { edits: 0, damages: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(edit, damage), { minLength: 3, maxLength: 7 }), async (steps) => {
        const root = path.join(dir, `run-${run++}`);
        mkdirSync(root, { recursive: true });
        const contentFile = path.join(root, 'content.yaml');
        const content = structuredClone(BASE);
        let env: NodeJS.ProcessEnv = {};
        writeFileSync(contentFile, stringify(content));
        const incremental = { contentFile, outDir: path.join(root, 'out'), cacheDir: path.join(root, 'cache') };
        const kept: Kept = { outDir: incremental.outDir, spareDir: path.join(root, '.out-spare'), cacheDir: incremental.cacheDir, olderCache: path.join(root, 'cache-older') };
        // The build from nothing keeps its own cache only for images, which it may reuse.
        const fromNothing = { contentFile, outDir: path.join(root, 'out-fresh'), cacheDir: path.join(root, 'cache-fresh'), noCache: true };
        await build({ ...incremental, env });
        cpSync(incremental.cacheDir, kept.olderCache, { recursive: true });
        for (const step of steps) {
          let what: string;
          if ('damage' in step) {
            doDamage(step, kept);
            what = step.damage;
            done.damages += 1;
          } else {
            const next = structuredClone(content);
            const nextEnv = apply(next, step, env);
            const source = stringify(next);
            if (!isValid(source)) continue;
            Object.assign(content, next);
            env = nextEnv;
            writeFileSync(contentFile, source);
            what = step.kind;
            done.edits += 1;
          }
          const result = await build({ ...incremental, env });
          await build({ ...fromNothing, env });
          expect(hashTree(incremental.outDir), `after ${what}`).toEqual(hashTree(fromNothing.outDir));
          // Not vacuous: some steps render few pages, never more than the site has.
          expect(result.changes.rendered.length).toBeLessThanOrEqual(result.pages);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 6), seed: Number(process.env.PROPERTY_SEED ?? 20261127), endOnFailure: true },
    );
    expect(done.edits).toBeGreaterThan(6);
    expect(done.damages).toBeGreaterThan(6);
  }, 900_000);
});
