import { z } from 'zod';
import { ContentProblemError, type Problem } from '../problems/errors.ts';
import { AGENCY_LOGIN_PATH, STATIC_PATHS } from '../../site/model/routes.ts';
import { contentSchema, type Content } from '../../site/model/content-schema.ts';
import { bookSchema, bundleSchema, courseSchema, policySectionSchema } from '../../site/model/item-schemas.ts';
import { crossReferenceIssues, type RuleIssue } from './refine.ts';
import { locateSource, problemAtPath } from './problems/locate.ts';
import { syntaxProblems } from './problems/yaml-syntax.ts';
import { fromZodIssue } from './problems/zod-problems.ts';

/** The raw content file: its text, its name as problems print it, and the plain data parsed from it. */
export interface LoadedContent {
  file: string;
  displayName: string;
  source: string;
  data: unknown;
}

/** Where a link of content.yaml into the site may go: a page, or the redirect the old login address is. */
const KNOWN_PATHS: ReadonlySet<string> = new Set([...Object.keys(STATIC_PATHS), AGENCY_LOGIN_PATH]);

/** A field the rules read, undefined where it is missing or wrong (the shape check reports it). */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** A menu's links, their hrefs only: one that is wrong itself is undefined, and the others are still checked. */
function menuLinks(menu: 'main' | 'agency') {
  const href = contentSchema.shape.navigation.shape[menu].element.shape.href;
  return lenient(z.array(z.looseObject({ href: lenient(href) }).catch({})));
}

/**
 * Just the fields the cross-reference rules read, item by item. When a list fails its full
 * shape (a book lacks its topic, another has a negative price), these still let the rules
 * check the ids, references and sums they can: an item keeps its place, with undefined for
 * a field that is wrong, and the rules skip what depends on it.
 */
const SALVAGE = {
  books: z.array(z.looseObject({ id: lenient(bookSchema.shape.id), price: lenient(bookSchema.shape.price) }).catch({})),
  bundles: z.array(
    z
      .looseObject({
        id: lenient(bundleSchema.shape.id),
        price: lenient(bundleSchema.shape.price),
        originalPrice: lenient(bundleSchema.shape.originalPrice),
        books: lenient(bundleSchema.shape.books),
      })
      .catch({}),
  ),
  courses: z.array(z.looseObject({ id: lenient(courseSchema.shape.id) }).catch({})),
  policies: z.array(z.looseObject({ id: lenient(policySectionSchema.shape.id) }).catch({})),
  navigation: z.looseObject({ main: menuLinks('main'), agency: menuLinks('agency') }),
};

/**
 * Validates parsed content in layers: shape (zod), then cross-field rules. Positions are
 * computed only when something is wrong. Throws ContentProblemError with every problem.
 */
export function validateContent(loaded: LoadedContent): Content {
  const parsed = contentSchema.safeParse(loaded.data, { reportInput: true });
  if (parsed.success) {
    const issues = crossReferenceIssues(parsed.data, KNOWN_PATHS);
    if (issues.length === 0) return parsed.data;
    throw new ContentProblemError(toProblems(loaded, [], issues));
  }
  // Shape failed: still run the rules on the sections whose own shape is valid, and on
  // the fields the rules read (ids, prices, book lists) where only other fields are wrong.
  const partial: Partial<Content> = {};
  if (isRecord(loaded.data)) {
    for (const [key, schema] of Object.entries(contentSchema.shape)) {
      const section = (schema as z.ZodType).safeParse(loaded.data[key]);
      const salvage = SALVAGE[key as keyof typeof SALVAGE];
      const fallback = section.success ? section : salvage?.safeParse(loaded.data[key]);
      if (fallback?.success) (partial as Record<string, unknown>)[key] = fallback.data;
    }
  }
  throw new ContentProblemError(toProblems(loaded, parsed.error.issues, crossReferenceIssues(partial, KNOWN_PATHS)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Issues found beside validation (the image files), as located problems in line order. */
export function locateIssues(loaded: LoadedContent, issues: readonly RuleIssue[]): Problem[] {
  return toProblems(loaded, [], issues);
}

/** Problems in the order of the file, by line and column. */
export function inFileOrder(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => (a.location?.line ?? 0) - (b.location?.line ?? 0) || (a.location?.column ?? 0) - (b.location?.column ?? 0));
}

function toProblems(loaded: LoadedContent, zodIssues: readonly z.core.$ZodIssue[], ruleIssues: readonly RuleIssue[]): Problem[] {
  const located = locateSource(loaded.source, loaded.displayName);
  // js-yaml reads some slips more leniently than the YAML spec (a quote left open runs on
  // into the next lines): the values then come out wrong. Where the stricter parse finds a
  // syntax error, that is the problem to fix, and what validation found follows from it.
  const syntax = syntaxProblems(located);
  if (syntax.length > 0) return syntax;
  const problems: Problem[] = [];
  for (const issue of zodIssues) problems.push(...fromZodIssue(located, issue));
  for (const issue of ruleIssues) problems.push(problemAtPath(located, issue.path, issue.message, issue.hint, issue.atKey));
  return inFileOrder(problems);
}
