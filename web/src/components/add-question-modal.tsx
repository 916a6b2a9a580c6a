import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AddQuestionRequest, QUESTION_MAX } from '@shared/schemas/question';
import { useState } from 'react';
import type * as z from 'zod';

export interface AddQuestionModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Also ask for the optional reference number and section. */
  withDetails?: boolean;
  saving: boolean;
  /** Creates the question; a rejection keeps the dialog open with the text (the caller shows the toast). */
  onSubmit: (body: z.infer<typeof AddQuestionRequest>) => Promise<void>;
}

const EMPTY = { question: '', referenceNumber: '', sectionDescription: '' };

/**
 * Add a question by hand (spec 002 §5): the trimmed text must be longer than 10 characters, at most
 * 4000 ('Please check the question'); Add Question is disabled until it is. The project dashboard
 * and question answering each wrap it with their own API call.
 */
export function AddQuestionModal({
  opened,
  onClose,
  title,
  withDetails,
  saving,
  onSubmit,
}: AddQuestionModalProps) {
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const set = (field: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const parsed = AddQuestionRequest.safeParse({
    question: values.question,
    ...(values.referenceNumber.trim() ? { referenceNumber: values.referenceNumber } : {}),
    ...(values.sectionDescription.trim() ? { sectionDescription: values.sectionDescription } : {}),
  });
  const questionCheck = AddQuestionRequest.shape.question.safeParse(values.question);
  const questionError = touched ? questionCheck.error?.issues[0]?.message : undefined;

  const reset = () => {
    setValues(EMPTY);
    setTouched(false);
  };
  const close = () => {
    if (saving) return;
    reset();
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || saving) return;
    try {
      await onSubmit(parsed.data);
      reset();
    } catch {
      // The caller has told the user; the text stays for another try.
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={650} size="lg">
          {title}
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
            value={values.question}
            onChange={(e) => {
              set('question', e.currentTarget.value);
              if (AddQuestionRequest.shape.question.safeParse(e.currentTarget.value).success)
                setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={questionError}
            description={
              <Text span size="xs" c="dimmed">
                {values.question.length} / {QUESTION_MAX}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {withDetails ? (
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
          ) : null}
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
