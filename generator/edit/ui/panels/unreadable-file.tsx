import type { FieldProblem } from '../../protocol.ts';

/**
 * In place of the form when content.yaml cannot be edited in it (a YAML syntax error, an
 * empty file): what is wrong and where, and a way to read the file again once it is
 * fixed in a text editor. Nothing can be saved meanwhile: there is nothing to save.
 */
export function UnreadableFile({ file, problems, onReload }: { file: string; problems: readonly FieldProblem[]; onReload(): void }) {
  return (
    <section className="unreadable" aria-labelledby="section-heading">
      <h2 id="section-heading" tabIndex={-1}>
        {file} cannot be edited in the form
      </h2>
      <p>The form needs a file it can read. Fix this in a text editor, then read the file again:</p>
      <ol className="problems__list">
        {problems.map((problem, index) => (
          <li key={index}>
            {problem.line ? <span className="problems__line">Line {problem.line}: </span> : null}
            <span className="problems__message">{problem.message}</span>
            {problem.hint ? <span className="problems__hint"> {problem.hint}</span> : null}
          </li>
        ))}
      </ol>
      <button type="button" className="button button--primary" onClick={onReload}>
        Reload from disk
      </button>
    </section>
  );
}
