import { memo, useContext } from 'react';
import { ProblemsContext } from '../editor-context.ts';
import type { SectionGroup } from '../model/sections.ts';

/** The left column: a link per section, the open one marked, each with the number of problems in it. */
export const SectionNav = memo(function SectionNav({ groups, current }: { groups: readonly SectionGroup[]; current: string }) {
  const problems = useContext(ProblemsContext);
  const link = (path: string, label: string, noun?: string) => {
    const count = problems.under(path).length;
    return (
      <li key={path}>
        <a href={`#${path}`} aria-current={path === current ? 'page' : undefined}>
          <span>
            {label}
            {noun ? <span className="visually-hidden"> {noun}</span> : null}
          </span>
          {count > 0 ? (
            <span className="count">
              {count}
              <span className="visually-hidden">{count === 1 ? ' problem' : ' problems'}</span>
            </span>
          ) : null}
        </a>
      </li>
    );
  };
  return (
    <nav className="sections" aria-label="Sections of content.yaml">
      <ul>
        {groups.map((group, index) =>
          group.label ? (
            <li key={index} className="sections__group">
              <span className="sections__group-label" id={`sections-group-${index}`}>
                {group.label}
              </span>
              <ul aria-labelledby={`sections-group-${index}`}>{group.sections.map((section) => link(section.path, section.label, group.noun))}</ul>
            </li>
          ) : (
            group.sections.map((section) => link(section.path, section.label))
          ),
        )}
      </ul>
    </nav>
  );
});
