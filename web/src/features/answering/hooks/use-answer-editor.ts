/**
 * The answer editor's state: the saved question it is based on (its version is the one a save
 * sends) and the draft on screen. 'Changed' compares the two (spec 002 §4).
 */
import type { Project } from '@shared/schemas/project';
import type { Question } from '@shared/schemas/question';
import { useCallback, useMemo, useState } from 'react';
import { type AnswerValues, isChanged, valuesOf } from '../utils/answer-editor';

export interface AnswerEditor {
  base: Question;
  draft: AnswerValues;
  changed: boolean;
  edit: (values: Partial<AnswerValues>) => void;
  /** Undo Changes: back to the saved values. */
  undo: () => void;
  /** Show a saved version (our own save, an accepted change, a restore): no changes left. */
  apply: (question: Question) => void;
  /** Keep the draft, based on a newer saved version. */
  rebase: (question: Question) => void;
}

export function useAnswerEditor(initial: Question, project: Pick<Project, 'accessVisibility'>): AnswerEditor {
  const [state, setState] = useState(() => ({ base: initial, draft: valuesOf(initial, project) }));
  const saved = useMemo(() => valuesOf(state.base, project), [state.base, project]);
  const privateProject = project.accessVisibility === 'PRIVATE';

  const edit = useCallback(
    (values: Partial<AnswerValues>) =>
      setState((s) => ({
        ...s,
        draft: { ...s.draft, ...values, ...(privateProject ? { includeInLibrary: false } : {}) },
      })),
    [privateProject],
  );
  const undo = useCallback(() => setState((s) => ({ ...s, draft: valuesOf(s.base, project) })), [project]);
  const apply = useCallback(
    (question: Question) =>
      setState((s) =>
        question.version < s.base.version ? s : { base: question, draft: valuesOf(question, project) },
      ),
    [project],
  );
  const rebase = useCallback(
    (question: Question) =>
      setState((s) => (question.version < s.base.version ? s : { ...s, base: question })),
    [],
  );

  return {
    base: state.base,
    draft: state.draft,
    changed: isChanged(saved, state.draft),
    edit,
    undo,
    apply,
    rebase,
  };
}
