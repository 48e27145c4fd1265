import type { JsonSchema } from '../../protocol.ts';
import { splitPath } from './paths.ts';
import { childSchema, resolveSchema } from './schema.ts';
import { singular, words } from './labels.ts';

/*
 * The sections the left column lists: each top-level field of content.yaml, except that a
 * top-level object made only of objects (pages) is split into one section per child.
 */

export interface Section {
  path: string;
  label: string;
}

export interface SectionGroup {
  /** The group's name when its sections are the children of one field ("Pages"); none for a plain section. */
  label?: string;
  /** What each of the group's sections is ("page"), said after its name to screen readers: "Bundles page" is not the Bundles list. */
  noun?: string;
  sections: Section[];
}

/** The sections of the schema, in its order. */
export function sectionsOf(root: JsonSchema): SectionGroup[] {
  const schema = resolveSchema(root, root);
  return Object.keys(schema.properties ?? {}).map((key) => {
    const child = childSchema(schema, key, root);
    const properties = Object.keys(child?.properties ?? {});
    const split = child?.type === 'object' && properties.length > 0 && properties.every((name) => childSchema(child, name, root)?.type === 'object');
    return split ? { label: words(key), noun: singular(key), sections: properties.map((name) => ({ path: `${key}.${name}`, label: words(name) })) } : { sections: [{ path: key, label: words(key) }] };
  });
}

/** The section a path lies in. */
export function sectionOf(groups: readonly SectionGroup[], path: string): string | undefined {
  const [first, second] = splitPath(path);
  for (const group of groups)
    for (const section of group.sections) if (section.path === first || section.path === `${first}.${second}`) return section.path;
  return undefined;
}
