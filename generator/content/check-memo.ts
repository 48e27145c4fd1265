import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../errors.ts';

/** What `site check` reports: the counts it prints, or the problems it found. */
export type CheckOutcome = { ok: true; counts: { courses: number; books: number; bundles: number; plans: number } } | { ok: false; problems: Problem[] };

/**
 * The last `site check` outcome per content file, so checking an unchanged file again (a
 * pre-commit hook, an editor task, CI re-runs) prints the same report without parsing and
 * validating it again, as `eslint --cache` does. An outcome is reused only for exactly the
 * same bytes, file name as printed and CLI build; any change checks afresh. The cache is
 * an optimisation only: a file it cannot read or write is ignored.
 */
export class CheckMemo {
  readonly #file: string;
  readonly #key: string;

  constructor(options: { cacheDir: string; buildId: string; contentFile: string; displayName: string; source: Uint8Array }) {
    // One entry per content file: the cache never grows with the number of edits.
    this.#file = path.join(options.cacheDir, `${sha256(options.contentFile).slice(0, 32)}.json`);
    this.#key = createHash('sha256').update(`${options.buildId}\0${options.displayName}\0`).update(options.source).digest('hex');
  }

  recall(): CheckOutcome | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.#file, 'utf8')) as { key?: unknown; outcome?: CheckOutcome };
      return entry.key === this.#key ? entry.outcome : undefined;
    } catch {
      return undefined;
    }
  }

  remember(outcome: CheckOutcome): void {
    try {
      mkdirSync(path.dirname(this.#file), { recursive: true });
      const temporary = `${this.#file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ key: this.#key, outcome }));
      renameSync(temporary, this.#file);
    } catch {
      // A read-only checkout or a full disk: the next check simply runs in full.
    }
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
