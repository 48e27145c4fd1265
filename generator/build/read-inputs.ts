import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codeVersion } from '../cache/code-version.ts';
import { digest } from '../cache/digest.ts';
import { RECORD_FORMAT } from '../cache/build-record.ts';
import { contentDisplayName, decodeContent, readContentBytes } from '../content/content-file.ts';
import { PACKAGE_ROOT } from '../paths.ts';

/** What a build reads before it parses anything: content.yaml's text, the template, the code's version, and a hash of them all with the options. */
export interface BuildInputs {
  contentFile: string;
  displayName: string;
  text: string;
  template: string;
  code: string;
  /** Equal inputs, equal site (given the same image files and login: see up-to-date.ts). */
  digest: string;
}

/** Reads what the build is made from (content.yaml, the document template, the code's version) and hashes it with `options`, the options that change the output. */
export function readInputs(contentFile: string, options: unknown): BuildInputs {
  const displayName = contentDisplayName(contentFile);
  const bytes = readContentBytes(contentFile, displayName);
  const { template, code } = readCode();
  return {
    contentFile,
    displayName,
    text: decodeContent(bytes, displayName),
    template,
    code,
    digest: digest([RECORD_FORMAT, code, digest(bytes), template, JSON.stringify(options ?? null)].join('\0')),
  };
}

/** What every page is made from besides the content: the document template and the code's version. */
export function readCode(): { template: string; code: string } {
  // The version first: a template saved between the two reads then fails the build's last
  // look at the version (build.ts) rather than pass under the version it replaced.
  const code = codeVersion();
  return { template: readFileSync(path.join(PACKAGE_ROOT, 'templates', 'document.html'), 'utf8'), code };
}
