/**
 * A root-relative path that URL parsing and React Router's path resolution leave as they
 * are: no dot segments, repeated slashes, escapes, query or fragment.
 */
const PLAIN_PATH = /^\/(?!\/)(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/?)*$/;

/** Whether `value` is a plain root-relative path (see PLAIN_PATH). */
export const isPlainPath = (value: string): boolean => PLAIN_PATH.test(value);
