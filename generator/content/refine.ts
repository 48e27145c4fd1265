import type { Content } from '../../site/model/content-schema.ts';
import { COURSE_NOT_FOUND_PATH, coursePath, NOT_FOUND_PATH, STATIC_PATHS } from '../../site/model/routes.ts';
import { buildTitles } from '../../site/model/titles.ts';
import { formatCents, toCents } from './money.ts';

/** A cross-field problem: where (as a content path) and what, with an optional hint. */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
  hint?: string;
  /** Point at the key rather than its value (for keys that should not be there). */
  atKey?: boolean;
}

/** The Pay Per Solution plan's limit on pain points per purchase (spec, section 5). */
export const PAY_PER_SOLUTION_MAX_PAIN_POINTS = 5;

/*
 * The rules also run on salvaged sections (validate.ts): where an item's own shape is
 * wrong, the fields they read may be missing (undefined), and a rule then skips what it
 * cannot know rather than report a consequence of a problem already reported.
 */

/** Ids in `items` that repeat, reported on each repeat. */
function duplicateIds(items: readonly { id?: string | number }[], key: string): RuleIssue[] {
  const seen = new Map<string | number, number>();
  const issues: RuleIssue[] = [];
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    const first = seen.get(item.id);
    if (first === undefined) seen.set(item.id, index);
    else
      issues.push({
        path: [key, index, 'id'],
        message: `id ${JSON.stringify(item.id)} is already used by ${key}.${first}`,
        hint: 'Every id in a list must be unique; pick another one.',
      });
  });
  return issues;
}

type RuleBook = { id?: number; price?: number };
type RuleBundle = { price?: number; originalPrice?: number; books?: readonly number[] };

/** Every bundle names existing books, once each; a stated original price equals the books' sum. */
function bundleRules(content: { books: readonly RuleBook[]; bundles: readonly RuleBundle[] }): RuleIssue[] {
  const books = new Map<number, RuleBook>();
  for (const book of content.books) if (book.id !== undefined && !books.has(book.id)) books.set(book.id, book);
  // With a book whose id is itself wrong, a reference to it cannot be told from a typo.
  const allIdsKnown = content.books.every((book) => book.id !== undefined);
  const known = [...books.keys()].join(', ');
  const issues: RuleIssue[] = [];
  content.bundles.forEach((bundle, index) => {
    if (!bundle.books) return;
    const seen = new Set<number>();
    let missing = false;
    bundle.books.forEach((bookId, position) => {
      if (!books.has(bookId)) {
        missing = true;
        if (allIdsKnown)
          issues.push({
            path: ['bundles', index, 'books', position],
            message: `book ${bookId} does not exist`,
            hint: `Use the id of a book listed under books: ${known}.`,
          });
      } else if (seen.has(bookId)) {
        issues.push({ path: ['bundles', index, 'books', position], message: `book ${bookId} is listed twice`, hint: 'Remove the repeated id.' });
      }
      seen.add(bookId);
    });
    const prices = bundle.books.map((bookId) => books.get(bookId)?.price);
    if (missing || prices.some((price) => price === undefined)) return;
    const sum = prices.reduce<number>((total, price) => total + toCents(price!), 0);
    if (bundle.originalPrice !== undefined && toCents(bundle.originalPrice) !== sum) {
      issues.push({
        path: ['bundles', index, 'originalPrice'],
        message: `originalPrice is ${formatCents(toCents(bundle.originalPrice))} but the books in this bundle add up to ${formatCents(sum)}`,
        hint: 'Remove originalPrice (it is computed from the books) or correct it.',
      });
    }
    if (bundle.price !== undefined && toCents(bundle.price) >= sum) {
      issues.push({
        path: ['bundles', index, 'price'],
        message: `the bundle costs ${formatCents(toCents(bundle.price))}, not less than its books bought one by one (${formatCents(sum)})`,
        hint: 'A bundle must save the buyer money: lower its price.',
      });
    }
  });
  return issues;
}

/** The three plans, each once; Pay Per Solution allows at most five pain points. */
function planRules(content: Content): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const seen = new Set<string>();
  content.plans.forEach((plan, index) => {
    if (seen.has(plan.id)) issues.push({ path: ['plans', index, 'id'], message: `plan ${plan.id} is listed twice`, hint: 'List each plan once.' });
    seen.add(plan.id);
    if (plan.id === 'pay-per-solution') {
      if (plan.maxPainPoints === undefined)
        issues.push({ path: ['plans', index], message: 'maxPainPoints is missing', hint: `Set maxPainPoints: ${PAY_PER_SOLUTION_MAX_PAIN_POINTS}.` });
      else if (plan.maxPainPoints > PAY_PER_SOLUTION_MAX_PAIN_POINTS)
        issues.push({
          path: ['plans', index, 'maxPainPoints'],
          message: `Pay Per Solution allows at most ${PAY_PER_SOLUTION_MAX_PAIN_POINTS} pain points, not ${plan.maxPainPoints}`,
          hint: `Set maxPainPoints to ${PAY_PER_SOLUTION_MAX_PAIN_POINTS} or less.`,
        });
    }
    if (plan.id === 'free-trial') issues.push(...mailtoSubjectIssues(plan.cta.href, FREE_TRIAL_SUBJECT, ['plans', index, 'cta', 'href']));
    if (plan.id !== 'free-trial' && !plan.cta.href.startsWith('https://'))
      issues.push({ path: ['plans', index, 'cta', 'href'], message: 'a paid plan is bought through an https:// checkout link', hint: 'Use the hosted checkout link.' });
  });
  for (const id of ['free-trial', 'pay-per-solution', 'monthly']) {
    if (!seen.has(id)) issues.push({ path: ['plans'], message: `the ${id} plan is missing`, hint: 'List the three plans: free-trial, pay-per-solution and monthly.' });
  }
  return issues;
}

/** The subjects the agency's e-mail links preset (spec, section 7). */
export const FREE_TRIAL_SUBJECT = 'Free Trial Request';
export const PAYMENT_SUPPORT_SUBJECT = 'Payment Support';

/** A mailto: link whose subject is exactly `subject`. */
function mailtoSubjectIssues(href: string, subject: string, path: (string | number)[]): RuleIssue[] {
  const example = `mailto:name@example.com?subject=${encodeURIComponent(subject)}`;
  if (!href.startsWith('mailto:')) return [{ path, message: `must be an e-mail link with the subject ${subject}`, hint: `Use a mailto: link like ${example}.` }];
  const query = href.indexOf('?');
  // In a mailto: link a + is a plus, not a space.
  const found = query === -1 ? null : new URLSearchParams(href.slice(query + 1).replace(/\+/g, '%2B')).get('subject');
  if (found === subject) return [];
  return [
    {
      path,
      message: found === null ? `has no subject; it must preset the subject ${subject}` : `presets the subject "${found}", not ${subject}`,
      hint: `End the link with ?subject=${encodeURIComponent(subject)}, like ${example}.`,
    },
  ];
}

/** A link into the site (`href`, at `path`) points at a page it has; an href wrong in itself (undefined) is skipped. */
function internalLink(href: string | undefined, path: (string | number)[], knownPaths: ReadonlySet<string>): RuleIssue[] {
  return href?.startsWith('/') && !knownPaths.has(href) ? [{ path, message: `${href} is not a page of this site`, hint: `Use one of: ${[...knownPaths].sort().join(', ')}.` }] : [];
}

/** The links of a list of items (at `at`), each checked as internalLink. */
function internalLinks(items: readonly { href?: string }[] | undefined, at: (string | number)[], knownPaths: ReadonlySet<string>): RuleIssue[] {
  return (items ?? []).flatMap(({ href }, index) => internalLink(href, [...at, index, 'href'], knownPaths));
}

/**
 * Every page has a title of its own (browser tabs, bookmarks and search results tell pages
 * apart by it). The output check would refuse the site; here the problem is said where the
 * title is written, by `site check` too. A repeat is told on the later page's title.
 */
function uniqueTitles(content: Content): RuleIssue[] {
  const courseAt = new Map(content.courses.map((course, index) => [coursePath(course.id), index]));
  /** Where the title of the page at `path` is written; null for a further page of a paged list (its list's title, numbered). */
  const writtenAt = (path: string): (string | number)[] | null => {
    const page = STATIC_PATHS[path];
    if (page) return ['pages', page, 'title'];
    const course = courseAt.get(path);
    if (course !== undefined) return ['courses', course, 'title'];
    if (path === COURSE_NOT_FOUND_PATH) return ['pages', 'course', 'notFound', 'title'];
    if (path === NOT_FOUND_PATH) return ['pages', 'notFound', 'title'];
    return null;
  };
  const firstWith = new Map<string, string>();
  const issues: RuleIssue[] = [];
  for (const [path, title] of Object.entries(buildTitles(content))) {
    const first = firstWith.get(title);
    if (first === undefined) {
      firstWith.set(title, path);
      continue;
    }
    const at = writtenAt(path) ?? writtenAt(first);
    // One page at two paths (/ and /home) is one title, written once.
    if (at && at.join('.') !== writtenAt(first)?.join('.'))
      issues.push({
        path: at,
        message: `gives the page ${path} the title "${title}", which ${first} has too`,
        hint: 'Every page needs a title of its own: change one of the two.',
      });
  }
  return issues;
}

type Rule = { needs: (keyof Content)[]; run: (content: Content, knownPaths: ReadonlySet<string>) => RuleIssue[] };

const RULES: Rule[] = [
  { needs: ['courses'], run: (content) => duplicateIds(content.courses, 'courses') },
  { needs: ['books'], run: (content) => duplicateIds(content.books, 'books') },
  { needs: ['bundles'], run: (content) => duplicateIds(content.bundles, 'bundles') },
  { needs: ['policies'], run: (content) => duplicateIds(content.policies, 'policies') },
  { needs: ['books', 'bundles'], run: bundleRules },
  { needs: ['plans'], run: planRules },
  {
    needs: ['agency'],
    run: (content) => [
      ...mailtoSubjectIssues(content.agency.paymentSupport, PAYMENT_SUPPORT_SUBJECT, ['agency', 'paymentSupport']),
    ],
  },
  // Every link of content.yaml into the site (the menus, the home page's buttons, the
  // coming-soon page's login button): each list on its own, so that a problem elsewhere
  // in pages: hides no broken menu link.
  {
    needs: ['navigation'],
    run: (content, knownPaths) => [
      ...internalLinks(content.navigation.main, ['navigation', 'main'], knownPaths),
      ...internalLinks(content.navigation.agency, ['navigation', 'agency'], knownPaths),
    ],
  },
  {
    needs: ['pages'],
    run: (content, knownPaths) => [
      ...internalLinks(content.pages.home.sections, ['pages', 'home', 'sections'], knownPaths),
      ...internalLink(content.pages.comingSoon.loginHref, ['pages', 'comingSoon', 'loginHref'], knownPaths),
    ],
  },
  { needs: ['site', 'agency', 'labels', 'pages', 'courses', 'books'], run: uniqueTitles },
  {
    needs: ['policies'],
    run: (content) =>
      content.policies[0]?.id === 'refund' || content.policies[0]?.id === undefined
        ? []
        : [{ path: ['policies'], message: 'the refund section must come first (it is the one open when the page loads)', hint: 'Move the section with id: refund to the top of policies.' }],
  },
];

/**
 * Rules that span fields. Pure: content in, issues out. Runs on partial content too
 * (the sections whose shape is valid), so one check lists shape and reference problems together.
 */
export function crossReferenceIssues(content: Partial<Content>, knownPaths: ReadonlySet<string>): RuleIssue[] {
  return RULES.filter((rule) => rule.needs.every((key) => content[key] !== undefined)).flatMap((rule) => rule.run(content as Content, knownPaths));
}
