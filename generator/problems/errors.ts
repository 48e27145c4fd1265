/*
 * The error family. Library code throws these; only the CLI entry decides the exit code
 * and prints them (through `formatProblems`), so messages are formatted in one place.
 */

/** Where a problem sits in a source file: 1-based line and column. */
export interface Location {
  file: string;
  line: number;
  column: number;
}

/** One thing wrong with the content, as a maintainer needs to read it. */
export interface Problem {
  /** Dotted path into the content, like `bundles.1.books.2`; empty for the whole file. */
  path: string;
  message: string;
  hint?: string;
  location?: Location;
  /** A few lines of the source around the location, with a caret under the column. */
  frame?: string;
}

export const ErrorCodes = {
  content: 'CONTENT_INVALID',
  build: 'BUILD_FAILED',
  output: 'OUTPUT_INVALID',
  usage: 'USAGE',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Base class: a message for a person, an optional hint, and the cause kept for DEBUG. */
export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  constructor(code: ErrorCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
  }
}

/** content.yaml cannot be read, parsed or validated; carries every problem found. */
export class ContentProblemError extends SiteError {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(ErrorCodes.content, `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the content`);
    this.problems = problems;
  }
}

/** The generated out/ would be broken (dead links, budgets, leaked secrets). */
export class OutputProblemError extends SiteError {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(ErrorCodes.output, `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the generated site`);
    this.problems = problems;
  }
}

/** A stage failed for a reason that is not the content's fault (bundling, disk). */
export class BuildProblemError extends SiteError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(ErrorCodes.build, message, options);
  }
}

/** The command line was wrong: unknown option value, missing folder. Exit code 2. */
export class UsageProblemError extends SiteError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(ErrorCodes.usage, message, options);
  }
}
