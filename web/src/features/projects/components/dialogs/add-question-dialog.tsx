import { AddQuestionModal } from '@/components/add-question-modal';
import { useAddQuestion } from '@/features/projects/api/add-question';
import { CREATE_QUESTION_ERROR } from '@/features/projects/utils/messages';
import { notifyError, notifySuccess } from '@/lib/notify';

export const QUESTION_ADDED = 'Your question has been added';

export interface AddQuestionDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** Opens the new question (question answering), e.g. from the success toast; absent without access. */
  onOpenQuestion?: (questionId: string) => void;
}

/** Add a Question from the dashboard: with reference number and section; a toast opens the question. */
export function AddQuestionDialog({ projectId, opened, onClose, onOpenQuestion }: AddQuestionDialogProps) {
  const add = useAddQuestion();
  return (
    <AddQuestionModal
      title="Add a Question"
      withDetails
      opened={opened}
      onClose={() => {
        add.reset();
        onClose();
      }}
      saving={add.isPending}
      onSubmit={async (body) => {
        try {
          const question = await add.mutateAsync({ projectId, ...body });
          notifySuccess(QUESTION_ADDED, {
            onClick: onOpenQuestion ? () => onOpenQuestion(question.questionId) : undefined,
          });
          add.reset();
          onClose();
        } catch (error) {
          notifyError(CREATE_QUESTION_ERROR);
          throw error;
        }
      }}
    />
  );
}
