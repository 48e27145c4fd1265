import type { StageReport } from '../build.ts';
import type { LoginGate } from '../login-hash.ts';
import { deriveContent, type SiteData } from './derive.ts';
import { loadContent } from './load.ts';
import { validateContent } from './validate.ts';

/**
 * Validates and derives content.yaml: what `site check` runs and `site build` starts with.
 * Imports no bundler and no React, so `site check` starts fast.
 */
export async function checkContent(options: { contentFile: string; bytes?: Buffer; login?: LoginGate; onStage?: (stage: StageReport) => void }): Promise<SiteData> {
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    options.onStage?.({ name, ms: now - mark });
    mark = now;
  };
  const loaded = await loadContent({ file: options.contentFile, bytes: options.bytes });
  lap('load');
  const content = validateContent(loaded);
  lap('validate');
  const data = deriveContent(content, { login: options.login });
  lap('derive');
  return data;
}
