/**
 * Where the icon set is served: one SVG file of symbols (written by the generator from
 * icons.ts), which every icon on every page points into. The paths then travel once, in a
 * file the browser keeps, instead of in the pages' scripts and markup.
 */
export const ICON_SPRITE = '/icons.svg';
