import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { digest } from '../cache/digest.ts';
import { decodeContent, readContentBytes } from '../content/content-file.ts';
import { locateSource } from '../content/problems/locate.ts';
import { syntaxProblems } from '../content/problems/yaml-syntax.ts';
import { deepEqual, editYaml, readYamlSource, type EditResult, type Patch, type RefusedEdit, type YamlSource } from './yaml/yaml-edit.ts';

/*
 * content.yaml as the editor reads and writes it: its bytes' identity when read (a save
 * is refused when the file has changed since), and an atomic write of the edited text.
 */

/** The file as read: its text (without a byte-order mark), whether it had one, and its bytes' identity. */
export interface ReadFile {
  text: string;
  bom: boolean;
  base: string;
}

const BOM = '\uFEFF';

/** Reads the file as the build does (content-file.ts): a missing file or one that is not UTF-8 is a located problem. */
export function readContentForEdit(file: string, displayName: string): ReadFile {
  const bytes = readContentBytes(file, displayName);
  return { text: decodeContent(bytes, displayName), bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, base: digest(bytes) };
}

/** An edit of the document made already (a draft's), and whether its text is known to read back as its data. */
export type PreparedEdit = Extract<EditResult, { text: string }> & { readsBack: boolean };

export type SaveOutcome =
  | { status: 'saved'; file: ReadFile; changedLines: number[]; patches: readonly Patch[] }
  | { status: 'conflict' }
  | { status: 'refused'; refused: RefusedEdit[] };

/**
 * Writes `data` into the file read as `read` (whose document is `source`), asked for by an
 * editor that read it as `base`: refused when the file has changed on disk or gone since
 * (another editor, a git pull) or when an edit cannot be made in place; otherwise the
 * edited text, checked to read back as `data`, replaces the file atomically (the file a
 * symbolic link names, when it is one).
 */
export function saveContent(file: string, read: ReadFile & { source: YamlSource | null }, base: string, data: unknown, prepared?: PreparedEdit): SaveOutcome {
  if (identityNow(file) !== base || read.base !== base) return { status: 'conflict' };
  if (!read.source) return { status: 'refused', refused: [unreadable(read.text)] };
  const result = prepared ?? editYaml(read.source, data);
  if (result.text === null) return { status: 'refused', refused: result.refused };
  // The build reads the file with js-yaml: what it will read must be what was edited, and
  // the editor must be able to read it to edit it again.
  if (!prepared?.readsBack && !readsBack(result.text, data)) {
    return { status: 'refused', refused: [{ path: '', line: 1, message: 'this edit could not be written without changing other lines, so nothing was saved: make it in content.yaml with a text editor' }] };
  }
  const written = (read.bom ? BOM : '') + result.text;
  writeAtomically(file, written);
  return { status: 'saved', file: { text: result.text, bom: read.bom, base: digest(written) }, changedLines: result.changedLines, patches: result.patches };
}

/**
 * Why a file that reads as content cannot be edited in place: the first syntax error the
 * editor's parser finds, where it is. The build reads the file with js-yaml, which lets
 * some slips pass (a quoted text whose later lines start at column 0), so the form opens.
 */
function unreadable(text: string): RefusedEdit {
  const first = syntaxProblems(locateSource(text, 'content.yaml'))[0];
  const what = first ? `: ${first.message} on line ${first.location!.line}` : '';
  return { path: '', line: first?.location?.line ?? 1, message: `content.yaml has a syntax error${what}, so it cannot be edited in the form: fix it in a text editor, then reload` };
}

/** The identity of the file's bytes now; null when there is no file to read (deleted, or a folder now). */
function identityNow(file: string): string | null {
  try {
    return digest(readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * Whether `text` reads as `data` the way the build reads content.yaml (js-yaml), and can
 * be edited again: the editor's own parser, stricter than js-yaml in places, reads it
 * without an error.
 */
export function readsBack(text: string, data: unknown): boolean {
  return deepEqual(yaml.load(text, { schema: yaml.CORE_SCHEMA }) ?? null, data) && readYamlSource(text) !== null;
}

/**
 * A temporary file beside `file`, flushed, then renamed over it: a reader sees the old file
 * or the new one, never half of one. A content.yaml that is a symbolic link (to a shared
 * content repository, say) is written where it points: renamed over, the link itself would
 * become a file and the file it names would keep the old text.
 */
function writeAtomically(linkOrFile: string, text: string): void {
  const file = realpathSync(linkOrFile);
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx', mode: statSync(file).mode & 0o777, flush: true });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
