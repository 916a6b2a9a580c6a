import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { AddQuestionRequest, QUESTION_MAX } from '@shared/schemas/question';
import { useState } from 'react';
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

const validQuestion = (text: string) => AddQuestionRequest.shape.question.safeParse(text);

/**
 * Add Question (spec 002 §5, §7.1): the trimmed text must be longer than 10 characters, at most 4000;
 * 'Please check the question' otherwise; Add Question is disabled until it is. On success the screen
 * navigates to the new question; a failure shows the spec's red toast and keeps the text.
 */
export function AddQuestionDialog({ projectId, opened, onClose, onAdded }: AddQuestionDialogProps) {
  const add = useAddQuestion();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = validQuestion(text);
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const saving = add.isPending;

  const close = () => {
    if (saving) return;
    setText('');
    setTouched(false);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || saving) return;
    try {
      const question = await add.mutateAsync({ projectId, question: parsed.data });
      setText('');
      setTouched(false);
      onClose();
      onAdded(question.questionId);
    } catch {
      notifyError(CREATE_QUESTION_ERROR);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={650} size="lg">
          Add Question
        </Text>
      }
      centered
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Question"
            placeholder="e.g. Do you encrypt customer data at rest?"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={QUESTION_MAX}
            data-autofocus
            disabled={saving}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (validQuestion(e.currentTarget.value).success) setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={error}
            description={
              <Text span size="xs" c="dimmed">
                {text.length} / {QUESTION_MAX}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!parsed.success || saving}>
              Add Question
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
