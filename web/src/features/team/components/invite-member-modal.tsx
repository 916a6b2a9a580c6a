import { Button, Group as ButtonRow, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LIMITS } from '@shared/constants';
import type { Group, Role } from '@shared/schemas/team';
import { InviteMemberRequest } from '@shared/schemas/team';
import { RequiredLabel } from '@/components/required-label';
import { useInviteMember } from '@/features/team/api/invite-member';
import { inviteErrorToast } from '@/features/team/utils/invite-error';
import { assignableRoles } from '@/features/team/utils/member-access';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

interface InviteValues {
  emailAddress: string;
  groupId: string | null;
  roleId: string | null;
}

const EMPTY: InviteValues = { emailAddress: '', groupId: null, roleId: null };

export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  roles: readonly Role[];
  groups: readonly Group[];
}

/**
 * Invite Team Member (spec 000 §2.7, §4, §5): e-mail, Team and Access, validated on blur with the
 * server's own schema; Send Invite stays disabled until all three are valid. While sending both
 * buttons are disabled; success closes the modal, failure keeps it open with its values and a toast
 * (with the server's words for a 409 or 429, utils/invite-error.ts).
 */
export function InviteMemberModal({ opened, onClose, roles, groups }: InviteMemberModalProps) {
  const invite = useInviteMember();
  const form = useForm<InviteValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(InviteMemberRequest, { sync: true }),
    validateInputOnBlur: true,
  });
  const parsed = InviteMemberRequest.safeParse(form.values);
  const sending = invite.isPending;

  const close = () => {
    if (sending) return;
    form.reset();
    invite.reset();
    onClose();
  };

  const submit = form.onSubmit(async () => {
    if (!parsed.success || sending) return;
    try {
      await invite.mutateAsync(parsed.data);
      form.reset();
      invite.reset();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if (field in EMPTY && messages[0]) form.setFieldError(field, messages[0]);
        }
      }
      const toast = inviteErrorToast(error);
      notifyError(toast.message, { title: toast.title });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Invite Team Member"
      centered
      closeOnClickOutside={!sending}
      closeOnEscape={!sending}
      withCloseButton={!sending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={<RequiredLabel label="Email Address" />}
            placeholder="name@example.com"
            type="email"
            autoComplete="off"
            maxLength={LIMITS.inviteEmail}
            data-autofocus
            disabled={sending}
            {...form.getInputProps('emailAddress')}
          />
          <Select
            label={<RequiredLabel label="Team" />}
            placeholder="Select a team"
            data={groups.map((group) => ({ value: group.groupId, label: group.groupName }))}
            allowDeselect={false}
            disabled={sending}
            {...form.getInputProps('groupId')}
          />
          <Select
            label={<RequiredLabel label="Access" />}
            placeholder="Select an access level"
            data={assignableRoles(roles).map((role) => ({ value: role.roleId, label: role.name }))}
            allowDeselect={false}
            disabled={sending}
            {...form.getInputProps('roleId')}
          />
          <ButtonRow justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" loading={sending} disabled={!parsed.success || sending}>
              Send Invite
            </Button>
          </ButtonRow>
        </Stack>
      </form>
    </Modal>
  );
}
