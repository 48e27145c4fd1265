import type { Content } from '../../site/model/content-schema.ts';
import type { SiteData } from '../../site/model/site-data.ts';
import { ContentProblemError, type Problem } from '../problems/errors.ts';
import { readImages, type SiteImages } from '../images/site-images.ts';
import { createStageTimer, type StageTimer } from '../build/stage-timer.ts';
import { contentDisplayName, decodeContent, readContentBytes } from './content-file.ts';
import { deriveContent } from './derive.ts';
import { hashLogin, type LoginCredentials } from './login-gate.ts';
import { parseYaml } from './parse-yaml.ts';
import { inFileOrder, locateIssues, validateContent, type LoadedContent } from './validate.ts';

/** Reads (unless given its `text`) and parses (unless given its `data`) content.yaml; every problem is a located ContentProblemError. */
export function loadContent(options: { file: string; cwd?: string; text?: string; data?: unknown }): LoadedContent {
  const displayName = contentDisplayName(options.file, options.cwd);
  const source = options.text ?? decodeContent(readContentBytes(options.file, displayName), displayName);
  return { file: options.file, displayName, source, data: options.data !== undefined && options.text !== undefined ? options.data : parseYaml(source, displayName) };
}

/** The content as the site is made from it: the data pages render, and the images to make. */
export interface SiteContent {
  data: SiteData;
  images: SiteImages;
}

/**
 * content.yaml to the data every page renders: read, parse, validate, check the image
 * files it names, hash the login pair (when given), derive. What `site build`, `site check`
 * and `site dev` all start with. Problems in the file and in its images come together.
 */
export async function readContent(options: {
  file: string;
  cwd?: string;
  /** The file's text, when the caller has read it already (decodeContent). */
  text?: string;
  /** That text parsed, when the caller has it (the content editor's draft is both). */
  data?: unknown;
  /** The login pair to hash into the gate (site build and dev); without it the gate refuses every attempt. */
  credentials?: LoginCredentials | null;
  timer?: StageTimer;
}): Promise<SiteContent> {
  const timer = options.timer ?? createStageTimer();
  const loaded = await timer.time('load', () => loadContent(options));
  let content: Content | undefined;
  let problems: Problem[] = [];
  try {
    content = await timer.time('validate', () => validateContent(loaded));
  } catch (error) {
    if (!(error instanceof ContentProblemError)) throw error;
    problems = error.problems;
  }
  const { images, issues } = await timer.time('sources', () => readImages(loaded.data, options.file));
  if (issues.length > 0) problems = inFileOrder([...problems, ...locateIssues(loaded, issues)]);
  if (!content || problems.length > 0) throw new ContentProblemError(problems);
  // Without credentials there is nothing to hash (site check): the gate then refuses every attempt.
  const login = options.credentials ? await timer.time('login', () => hashLogin(options.credentials!, content.site.url)) : await hashLogin(null, content.site.url);
  const data = await timer.time('derive', () => deriveContent(content, { login, images }));
  return { data, images };
}
