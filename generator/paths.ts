import path from 'node:path';

/** The folder of this package, where generator/, site/ and templates/ live. */
export const PACKAGE_ROOT = path.resolve(import.meta.dirname, '..');

/** Where `site` keeps what it computes once and reuses (compiled site code, social cards, sizes). */
export const CACHE_ROOT = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'site');
