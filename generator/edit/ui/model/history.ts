/*
 * Undo and redo over whole snapshots of the content. A snapshot shares every branch an
 * edit did not touch with the one before it, so a step costs the copied path, not the file.
 */

/** The snapshots before and after the present one, and what the last edit was, to join a burst of typing into one step. */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** The field the last edit changed; undefined after an undo, redo or an edit that joins nothing. */
  lastKey?: string;
  lastAt: number;
}

/** Edits of the same field this close together (ms) are one step. */
export const JOIN_WITHIN_MS = 1000;
const MAX_STEPS = 500;

/** A history holding only `present`. */
export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastAt: 0 };
}

/**
 * `next` as the present. With a `key` (the path typed in), it joins the step before when
 * that changed the same key less than JOIN_WITHIN_MS ago.
 */
export function record<T>(history: History<T>, next: T, key: string | undefined, now: number): History<T> {
  if (next === history.present) return history;
  if (key !== undefined && key === history.lastKey && now - history.lastAt < JOIN_WITHIN_MS) return { ...history, present: next, future: [], lastAt: now };
  return { past: [...history.past, history.present].slice(-MAX_STEPS), present: next, future: [], lastKey: key, lastAt: now };
}

/** One step back; the same history when there is none. */
export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: previous as T, future: [history.present, ...history.future], lastAt: 0 };
}

/** One step forward again; the same history when there is none. */
export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next as T, future: rest, lastAt: 0 };
}
