import type { JsonSchema } from '../../protocol.ts';
import { splitPath } from './paths.ts';
import { childSchema, resolveSchema } from './schema.ts';
import { singular, words } from './labels.ts';

/*
 * The sections the left column lists: each top-level field of content.yaml, except that a
 * top-level object made only of objects (pages) is split into one section per child, and
 * the top-level lists are grouped.
 */

export interface Section {
  path: string;
  label: string;
  /** Its heading above the form: a page's with the field it belongs to ("Pages › FAQ"), a plain section's or a list's its label. */
  title: string;
}

export interface SectionGroup {
  /** The group's name: the field its sections are the children of ("Pages"), or "Lists"; none for a plain section. */
  label?: string;
  /** What each of the group's sections is ("page"), said after its name to screen readers: "Bundles page" is not the Bundles list. */
  noun?: string;
  sections: Section[];
}

/**
 * The sections of the schema, in its order; the top-level lists together under "Lists",
 * where the first of them stands (so the Courses list is not taken for the Courses page).
 */
export function sectionsOf(root: JsonSchema): SectionGroup[] {
  const schema = resolveSchema(root, root);
  const groups: SectionGroup[] = [];
  let lists: SectionGroup | undefined;
  for (const key of Object.keys(schema.properties ?? {})) {
    const child = childSchema(schema, key, root);
    const properties = Object.keys(child?.properties ?? {});
    const split = child?.type === 'object' && properties.length > 0 && properties.every((name) => childSchema(child, name, root)?.type === 'object');
    if (split) groups.push({ label: words(key), noun: singular(key), sections: properties.map((name) => ({ path: `${key}.${name}`, label: words(name), title: `${words(key)} › ${words(name)}` })) });
    else if (child?.type === 'array') {
      if (!lists) groups.push((lists = { label: 'Lists', noun: 'list', sections: [] }));
      lists.sections.push({ path: key, label: words(key), title: words(key) });
    } else groups.push({ sections: [{ path: key, label: words(key), title: words(key) }] });
  }
  return groups;
}

/** The section a path lies in. */
export function sectionOf(groups: readonly SectionGroup[], path: string): string | undefined {
  const [first, second] = splitPath(path);
  for (const group of groups)
    for (const section of group.sections) if (section.path === first || section.path === `${first}.${second}`) return section.path;
  return undefined;
}
