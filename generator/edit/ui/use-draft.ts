import { useEffect, useRef, useState } from 'react';
import type { DraftResponse } from '../protocol.ts';
import { changesBetween } from '../content-changes.ts';
import { postDraft } from './api.ts';

/**
 * How long after the last edit the draft goes to the server (ms): none beyond the task the
 * edit came in, so edits made in one task (a paste, an input method's commit) go as one
 * draft. Each keystroke of ordinary typing is a draft; that costs little: a draft is the
 * changes only, a newer one aborts the one in flight, and the server builds only the
 * newest of those waiting. Waiting longer would only add to every keystroke's wait.
 */
export const DRAFT_DELAY_MS = 0;

/**
 * Sends the content to the server as a draft DRAFT_DELAY_MS after it last changed, unless
 * it is the content as read (`clean`): as its changes to the content last saved (`saved`,
 * the file saved as `base`). A newer draft aborts the one in flight, and only the answer
 * to the newest is passed on. Returns whether a draft is waiting or in flight, and the
 * last failure.
 */
export function useDraft(data: unknown, from: { clean: unknown; saved: unknown; base: string; computedId: string }, onAnswer: (answer: DraftResponse) => void): { pending: boolean; failure?: string } {
  const { clean } = from;
  // Read when the draft is sent: a save in between changes what the changes are made to, not the draft.
  const savedAs = useRef(from);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const latest = useRef(0);
  const inFlight = useRef<AbortController | undefined>(undefined);
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
    savedAs.current = from;
  });
  useEffect(() => {
    if (data === clean && latest.current === 0) return;
    setPending(true);
    const timer = setTimeout(() => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const sent = ++latest.current;
      const { saved, base, computedId } = savedAs.current;
      postDraft(changesBetween(saved, data), base, computedId, controller.signal).then(
        (response) => {
          if (sent !== latest.current) return;
          setPending(false);
          setFailure(undefined);
          answer.current(response);
        },
        (error: Error) => {
          if (controller.signal.aborted || sent !== latest.current) return;
          setPending(false);
          setFailure(error.message);
        },
      );
    }, DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data, clean]);
  useEffect(() => () => inFlight.current?.abort(), []);
  return { pending, failure };
}
