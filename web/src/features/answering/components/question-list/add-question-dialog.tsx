import { AddQuestionModal } from '@/components/add-question-modal';
import { useAddQuestion } from '@/features/answering/api/add-question';
import { notifyError } from '@/lib/notify';
import { CREATE_QUESTION_ERROR } from './messages';

export interface AddQuestionDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** After the question is created: the screen opens it. */
  onAdded: (questionId: string) => void;
}

/** Add Question from the list (spec 002 §7.1): on success the screen opens the new question. */
export function AddQuestionDialog({ projectId, opened, onClose, onAdded }: AddQuestionDialogProps) {
  const add = useAddQuestion();
  return (
    <AddQuestionModal
      title="Add Question"
      opened={opened}
      onClose={onClose}
      saving={add.isPending}
      onSubmit={async ({ question }) => {
        try {
          const created = await add.mutateAsync({ projectId, question });
          onClose();
          onAdded(created.questionId);
        } catch (error) {
          notifyError(CREATE_QUESTION_ERROR);
          throw error;
        }
      }}
    />
  );
}
