import path from 'node:path';

/** What a set of changed files asks of site dev. */
export interface RebuildPlan {
  /** Build the site again (the engine's keys decide which pages render). */
  rebuild: boolean;
  /** Bundle the client again first: a file it was bundled from changed. */
  bundle: boolean;
  /** Read the code's version and the template again: a file under site/ or templates/ changed. */
  code: boolean;
  /** Start a new process: code this one has loaded changed (generator/, site/model/). */
  restart: boolean;
}

/**
 * Sorts changed files into what they ask for: content.yaml, an image it names, a template
 * or a file under site/ builds the site again (site/ is compiled again for the server when
 * its sources changed); a file the client bundle read bundles it again; a file of
 * generator/ or site/model/ (which the generator imports itself) restarts site dev. Files
 * nothing reads are ignored.
 */
export function planRebuild(changed: Iterable<string>, inputs: { root: string; contentFile: string; client: ReadonlySet<string>; images?: ReadonlySet<string> }): RebuildPlan {
  const plan: RebuildPlan = { rebuild: false, bundle: false, code: false, restart: false };
  const under = (file: string, folder: string) => file.startsWith(path.join(inputs.root, folder) + path.sep);
  for (const file of changed) {
    if (under(file, 'generator') || under(file, path.join('site', 'model'))) plan.restart = true;
    else if (file === inputs.contentFile || inputs.images?.has(file) || under(file, 'templates') || under(file, 'site')) {
      plan.rebuild = true;
      if (under(file, 'templates') || under(file, 'site')) plan.code = true;
      if (inputs.client.has(file)) plan.bundle = true;
    }
  }
  return plan;
}
