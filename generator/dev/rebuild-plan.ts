import path from 'node:path';

/** Which parts of the build a set of changed files invalidates. */
export interface RebuildPlan {
  content: boolean;
  template: boolean;
  ssr: boolean;
  client: boolean;
}

/**
 * Sorts changed files into what they invalidate: content.yaml or an image it names
 * re-derives the data and re-renders (the browser bundle is code only, so it is not rebuilt); a
 * template re-renders; a file under site/ re-bundles the server code and/or the client bundle,
 * depending on which of them read it last time. Files neither read are ignored (a new
 * component counts once something imports it).
 */
export function planRebuild(
  changed: Iterable<string>,
  inputs: { contentFile: string; templatesDir: string; ssr: ReadonlySet<string>; client: ReadonlySet<string>; images?: ReadonlySet<string> },
): RebuildPlan {
  const plan: RebuildPlan = { content: false, template: false, ssr: false, client: false };
  for (const file of changed) {
    if (file === inputs.contentFile || inputs.images?.has(file)) plan.content = true;
    else if (file.startsWith(inputs.templatesDir + path.sep)) plan.template = true;
    else {
      if (inputs.ssr.has(file)) plan.ssr = true;
      if (inputs.client.has(file)) plan.client = true;
    }
  }
  return plan;
}
