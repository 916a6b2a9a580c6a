import type { Project } from '@shared/schemas/project';

export interface CollaborationPanelProps {
  project: Project;
  questionId: string;
  onClose: () => void;
}

/** The 420 px collaboration panel: comments, activity, subscription (being built: see issue 12). */
export function CollaborationPanel(_props: CollaborationPanelProps) {
  return null;
}
