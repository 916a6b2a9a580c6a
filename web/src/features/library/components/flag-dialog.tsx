import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { FLAG_REASONS, LIBRARY_MESSAGES } from '@shared/schemas/answer';
import { useState } from 'react';

type FlagReason = (typeof FLAG_REASONS)[number];
const REASON_LABEL: Record<FlagReason, string> = {
  INCORRECT: 'Incorrect information',
  OUTDATED: 'Outdated information',
  OTHER: 'Other',
};

/** Flag for Review with a reason (spec 002 §5): Other needs words, or 'Please don't leave it up to us.' */
export function FlagDialog({
  opened,
  saving,
  onCancel,
  onFlag,
}: {
  opened: boolean;
  saving: boolean;
  onCancel: () => void;
  onFlag: (reason: FlagReason, text?: string) => void;
}) {
  const [reason, setReason] = useState<FlagReason>('INCORRECT');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason === 'OTHER' && !text.trim();
  return (
    <Modal opened={opened} onClose={onCancel} title="Flag for Review" centered size="md" zIndex={350}>
      <Stack gap="md">
        <Radio.Group
          value={reason}
          onChange={(v) => setReason(v as FlagReason)}
          label="What is wrong with it?"
        >
          <Stack gap={6} mt={6}>
            {FLAG_REASONS.map((r) => (
              <Radio key={r} value={r} label={REASON_LABEL[r]} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === 'OTHER' ? (
          <Textarea
            label="Tell us more"
            autosize
            minRows={2}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={tried && missing ? LIBRARY_MESSAGES.flagOther : undefined}
          />
        ) : null}
        <Text size="xs" c="dimmed">
          The answer moves to Needs Review until someone makes it available again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button
            color="yellow"
            loading={saving}
            onClick={() => {
              setTried(true);
              if (!missing) onFlag(reason, reason === 'OTHER' ? text.trim() : undefined);
            }}
          >
            Flag for Review
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
