import { useContext } from 'react';
import { ComputedContext } from '../editor-context.ts';
import type { ShownProblem } from '../model/problem-index.ts';
import { helpId, isWithin, problemId, splitPath } from '../model/paths.ts';
import { words } from '../model/labels.ts';

/** The ids a field's control is described by: its help text and its problems, where it has them. */
export function describedBy(path: string, hasHelp: boolean, problems: readonly ShownProblem[]): string | undefined {
  const ids = [hasHelp ? helpId(path) : '', problems.length > 0 ? problemId(path) : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The schema's description of a field, under its label. */
export function FieldHelp({ path, text }: { path: string; text: string | undefined }) {
  return text ? (
    <p className="help" id={helpId(path)}>
      {text}
    </p>
  ) : null;
}

/** Where a problem below a field is, from that field: "Title", "Books › 3". */
function below(path: string, problemPath: string): string {
  const rest = splitPath(problemPath).slice(splitPath(path).length);
  return rest.map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : words(segment))).join(' › ');
}

/**
 * The problems found at a field, each with its hint, where the field's control points to
 * them. A problem below the field (in a closed row) says where it is.
 */
export function FieldMessages({ path, problems }: { path: string; problems: readonly ShownProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="messages" id={problemId(path)}>
      {problems.map((problem, index) => (
        <li key={index} className={problem.refused ? 'message message--refused' : 'message'}>
          <span className="message__text">
            {problem.path !== path && isWithin(problem.path, path) ? <strong>{below(path, problem.path)}: </strong> : null}
            {problem.refused ? `Cannot be saved: ${problem.message}` : problem.message}
          </span>
          {problem.hint ? <span className="message__hint">{problem.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Values worked out from the object at `path` (a bundle's original price and savings), announced as they change. */
export function ComputedValues({ path }: { path: string }) {
  const values = useContext(ComputedContext)[path];
  if (!values || values.length === 0) return null;
  return (
    <div className="computed" aria-live="polite">
      <ul>
        {values.map((value, index) => (
          <li key={index}>{value}</li>
        ))}
      </ul>
    </div>
  );
}
