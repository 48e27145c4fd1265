import { memo, useContext, useState } from 'react';
import type { FieldProblem } from '../../protocol.ts';
import { ContentContext, useActions, useStatic } from '../editor-context.ts';
import { pathInWords } from '../model/labels.ts';

/** Problems listed at most; the rest are counted. */
const LISTED = 200;

/**
 * Above the form: a plain sentence while the file has problems (it can be saved; `site
 * build` refuses it), and the list of every problem and refused edit, each a button that
 * opens its section and row and focuses its field.
 */
export const ProblemsPanel = memo(function ProblemsPanel({ problems, refused }: { problems: readonly FieldProblem[]; refused: readonly FieldProblem[] }) {
  const [open, setOpen] = useState(problems.length + refused.length <= 5);
  const total = problems.length + refused.length;
  if (total === 0)
    return (
      <p className="banner banner--ok">
        No problems: <code>site build</code> accepts this file.
      </p>
    );
  return (
    <section className="problems" aria-labelledby="problems-heading">
      {problems.length > 0 ? (
        <p className="banner">
          You can save, but <code>site build</code> will refuse this file until {problems.length === 1 ? 'this problem is' : `these ${problems.length} problems are`} fixed.
        </p>
      ) : null}
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <h2 id="problems-heading" className="problems__heading">
            {[problems.length > 0 ? plural(problems.length, 'problem') : '', refused.length > 0 ? `${plural(refused.length, 'edit')} the file cannot take` : ''].filter(Boolean).join(', ')}
          </h2>
        </summary>
        <ProblemList problems={problems} />
        {refused.length > 0 ? (
          <>
            <h3 className="problems__subheading">Edits that cannot be saved</h3>
            <ProblemList problems={refused} />
          </>
        ) : null}
      </details>
    </section>
  );
});

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function ProblemList({ problems }: { problems: readonly FieldProblem[] }) {
  const { goTo } = useActions();
  const { schema } = useStatic();
  const content = useContext(ContentContext);
  return (
    <>
      <ol className="problems__list">
        {problems.slice(0, LISTED).map((problem, index) => (
          <li key={index}>
            <button type="button" className="link-button" onClick={() => goTo(problem.path)}>
              {pathInWords(problem.path, schema, content)}
              {problem.line ? <span className="problems__line"> (line {problem.line})</span> : null}
            </button>
            <span className="problems__message"> {problem.message}</span>
            {problem.hint ? <span className="problems__hint"> {problem.hint}</span> : null}
          </li>
        ))}
      </ol>
      {problems.length > LISTED ? <p>And {problems.length - LISTED} more; fix these first.</p> : null}
    </>
  );
}
