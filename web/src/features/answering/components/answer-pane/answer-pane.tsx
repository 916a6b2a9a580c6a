import type { Project } from '@shared/schemas/project';
import type { Question } from '@shared/schemas/question';

/** The collaboration panel's toggle, held by the page (the panel sits beside this pane). */
export interface CollaborationToggle {
  open: boolean;
  toggle: () => void;
}

export interface AnswerPaneProps {
  project: Project;
  /** The list as shown (filtered and searched), in order: the pager and Save & Next follow it. */
  questions: Question[];
  questionId: string;
  onNavigate: (questionId: string) => void;
  /** After Delete or Not a Question: the page moves to the next question, or the previous. */
  onRemoved: (questionId: string) => void;
  collaboration: CollaborationToggle;
}

/** The right side of question answering (being built: see issue 12). */
export function AnswerPane(_props: AnswerPaneProps) {
  return null;
}
