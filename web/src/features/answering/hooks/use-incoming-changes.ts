/**
 * The Question Updated flow (spec 002 §4): when the open question arrives in a newer version (a
 * live QUESTION_UPDATED from someone else refetches it, or a save answered 409), decide 300 ms
 * later — so a burst of saves is one decision — whether to apply it silently, keep the draft on the
 * new version, or ask.
 */
import type { Question } from '@shared/schemas/question';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AnswerValues,
  decideIncoming,
  differingFields,
  type EditorField,
  valuesOf,
} from '../utils/answer-editor';

export const INCOMING_DEBOUNCE_MS = 300;

export interface IncomingChangesInput {
  /** The question as the server last sent it. */
  server: Question | undefined;
  /** The saved question the editor is based on. */
  base: Question;
  draft: AnswerValues;
  /** Take the new version: the editor shows it and has no changes. */
  onApply: (question: Question) => void;
  /** Keep the draft, now based on the new version (its next save sends the new version). */
  onRebase: (question: Question) => void;
}

export interface IncomingChanges {
  /** The newer version waiting for Accept Changes or Ignore; null when nothing is asked. */
  pending: Question | null;
  /** The fields in which it differs from what the editor was based on. */
  fields: EditorField[];
  accept: () => void;
  ignore: () => void;
}

export function useIncomingChanges({
  server,
  base,
  draft,
  onApply,
  onRebase,
}: IncomingChangesInput): IncomingChanges {
  const latest = useRef({ server, base, draft, onApply, onRebase });
  latest.current = { server, base, draft, onApply, onRebase };
  const [pending, setPending] = useState<Question | null>(null);

  const serverVersion = server?.version;
  useEffect(() => {
    if (serverVersion === undefined || serverVersion <= latest.current.base.version) return;
    const timer = setTimeout(() => {
      const { server: incoming, base: current, draft: edited } = latest.current;
      if (!incoming) return;
      switch (decideIncoming(current, edited, incoming)) {
        case 'apply':
          setPending(null);
          latest.current.onApply(incoming);
          break;
        case 'rebase':
          latest.current.onRebase(incoming);
          break;
        case 'ask':
          setPending(incoming);
          break;
        default:
          break;
      }
    }, INCOMING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [serverVersion]);

  // Saved or discarded meanwhile (the editor caught up with the server): nothing left to ask.
  useEffect(() => {
    if (pending && base.version >= pending.version) setPending(null);
  }, [pending, base.version]);

  const accept = useCallback(() => {
    if (!pending) return;
    setPending(null);
    latest.current.onApply(pending);
  }, [pending]);

  const ignore = useCallback(() => {
    if (!pending) return;
    setPending(null);
    latest.current.onRebase(pending);
  }, [pending]);

  return {
    pending,
    fields: pending ? differingFields(valuesOf(base), valuesOf(pending)) : [],
    accept,
    ignore,
  };
}
