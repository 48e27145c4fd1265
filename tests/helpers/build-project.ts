import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { build } from '../../generator/build/build.ts';
import type { BuildOptions } from '../../generator/build/build-result.ts';
import { REAL_CONTENT } from './content.ts';
import { hashTree } from './output.ts';
import { tempDir } from './temp.ts';

/** A maker of projects for tests of `site build`: each a folder with its own content.yaml, out/ and build cache. */
export function buildProjects(prefix: string) {
  const dir = tempDir(prefix);
  let made = 0;
  const project = (source = readFileSync(REAL_CONTENT, 'utf8')) => {
    const root = path.join(dir, `p${made++}`);
    mkdirSync(root, { recursive: true });
    const contentFile = path.join(root, 'content.yaml');
    writeFileSync(contentFile, source);
    const warnings: string[] = [];
    const options = { contentFile, outDir: path.join(root, 'out'), cacheDir: path.join(root, 'cache'), env: {}, onWarning: (message: string) => warnings.push(message) };
    return {
      root,
      ...options,
      warnings,
      edit: (from: string, to: string) => {
        const text = readFileSync(contentFile, 'utf8');
        expect(text).toContain(from);
        writeFileSync(contentFile, text.replace(from, to));
      },
      build: (extra: Partial<BuildOptions> = {}) => build({ ...options, ...extra }),
    };
  };
  /** out/ as a build from nothing writes it for the content in `contentFile`. */
  const fromNothing = async (contentFile: string, env: NodeJS.ProcessEnv = {}) => {
    const fresh = project(readFileSync(contentFile, 'utf8'));
    await fresh.build({ noCache: true, env });
    return hashTree(fresh.outDir);
  };
  return { project, fromNothing };
}
