import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AddQuestionRequest, QUESTION_MAX } from '@shared/schemas/question';
import { useState } from 'react';
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

const EMPTY = { question: '', referenceNumber: '', sectionDescription: '' };

/**
 * Add a Question (spec 002 §5): the trimmed text must be longer than 10 characters, at most 4000
 * (hint: Please check the question); Add Question is disabled until it is. The reference number
 * and section are optional.
 */
export function AddQuestionDialog({ projectId, opened, onClose, onOpenQuestion }: AddQuestionDialogProps) {
  const add = useAddQuestion();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const set = (field: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const body = {
    question: values.question,
    ...(values.referenceNumber.trim() ? { referenceNumber: values.referenceNumber } : {}),
    ...(values.sectionDescription.trim() ? { sectionDescription: values.sectionDescription } : {}),
  };
  const parsed = AddQuestionRequest.safeParse(body);
  const questionError = AddQuestionRequest.shape.question.safeParse(values.question).error?.issues[0]
    ?.message;
  const saving = add.isPending;

  const close = () => {
    if (saving) return;
    setValues(EMPTY);
    setTouched(false);
    add.reset();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || saving) return;
    try {
      const question = await add.mutateAsync({ projectId, ...parsed.data });
      notifySuccess(QUESTION_ADDED, {
        onClick: onOpenQuestion ? () => onOpenQuestion(question.questionId) : undefined,
      });
      setValues(EMPTY);
      setTouched(false);
      add.reset();
      onClose();
    } catch {
      notifyError(CREATE_QUESTION_ERROR);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add a Question"
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
            value={values.question}
            onChange={(e) => set('question', e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && questionError ? questionError : undefined}
            description={
              <Text span size="xs" c="dimmed">
                {values.question.length} / {QUESTION_MAX}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Reference Number"
              placeholder="Optional, e.g. 4.2"
              maxLength={64}
              disabled={saving}
              value={values.referenceNumber}
              onChange={(e) => set('referenceNumber', e.currentTarget.value)}
            />
            <TextInput
              label="Section"
              placeholder="Optional, e.g. Data Protection"
              maxLength={256}
              disabled={saving}
              value={values.sectionDescription}
              onChange={(e) => set('sectionDescription', e.currentTarget.value)}
            />
          </Group>
          <Group justify="flex-end" gap="sm" mt="xs">
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
