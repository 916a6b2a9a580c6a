import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { AnswerQuestionText, AnswerText, LIBRARY_LIMITS } from '@shared/schemas/answer';
import { ANSWER_MAX, QUESTION_MAX } from '@shared/schemas/question';
import { useState } from 'react';
import { ConfirmClose } from './confirm-close';

export interface AnswerFormValues {
  question: string;
  answer: string;
}

export interface AnswerFormModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial?: AnswerFormValues;
  saving: boolean;
  onClose: () => void;
  /** Saves; a rejection keeps the text (the caller shows the toast). */
  onSubmit: (values: AnswerFormValues) => Promise<void>;
}

const EMPTY: AnswerFormValues = { question: '', answer: '' };

/**
 * Add Answer and Replace Answer (spec 002 §5): question and answer each non-blank and at least
 * 10 characters, at most 4,000 ('Please provide a question', 'Please provide an answer'); the
 * button is disabled until both are valid, and closing with changes asks first.
 */
export function AnswerFormModal({
  opened,
  title,
  submitLabel,
  initial = EMPTY,
  saving,
  onClose,
  onSubmit,
}: AnswerFormModalProps) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState({ question: false, answer: false });
  const [confirming, setConfirming] = useState(false);
  // The form starts from `initial` each time it opens, and only then: a refresh of the answer
  // behind it (a live update re-rendering the caller) never replaces what the user is typing.
  const [wasOpened, setWasOpened] = useState(false);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setValues(initial);
      setTouched({ question: false, answer: false });
    }
  }
  const question = AnswerQuestionText.safeParse(values.question);
  const answer = AnswerText.safeParse(values.answer);
  const dirty = values.question !== initial.question || values.answer !== initial.answer;
  const valid = question.success && answer.success;

  const close = () => {
    if (saving) return;
    if (dirty) setConfirming(true);
    else onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ question: true, answer: true });
    if (!valid || saving) return;
    try {
      await onSubmit({ question: question.data, answer: answer.data });
    } catch {
      // Told by the caller; the text stays.
    }
  };

  return (
    <>
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
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Textarea
              label="Question"
              autosize
              minRows={2}
              maxRows={8}
              maxLength={QUESTION_MAX}
              data-autofocus
              disabled={saving}
              value={values.question}
              onChange={(e) => {
                const question = e.currentTarget.value;
                setValues((v) => ({ ...v, question }));
              }}
              onBlur={() => setTouched((t) => ({ ...t, question: true }))}
              error={touched.question ? question.error?.issues[0]?.message : undefined}
            />
            <Textarea
              label="Answer"
              autosize
              minRows={5}
              maxRows={14}
              maxLength={ANSWER_MAX}
              disabled={saving}
              value={values.answer}
              onChange={(e) => {
                const answer = e.currentTarget.value;
                setValues((v) => ({ ...v, answer }));
              }}
              onBlur={() => setTouched((t) => ({ ...t, answer: true }))}
              error={touched.answer ? answer.error?.issues[0]?.message : undefined}
              description={`At least ${LIBRARY_LIMITS.textMin} characters · ${values.answer.length} / ${ANSWER_MAX}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={!valid}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmClose
        opened={confirming}
        onKeep={() => setConfirming(false)}
        onClose={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </>
  );
}
