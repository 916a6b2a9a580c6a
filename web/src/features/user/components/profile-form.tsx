import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LIMITS } from '@shared/constants';
import { UpdateUserRequest, type User } from '@shared/schemas/user';
import { RequiredLabel } from '@/components/required-label';
import { useUpdateUser } from '@/features/user/api/update-user';
import { notifyError, notifySuccess } from '@/lib/notify';

export const PROFILE_SAVED = 'Profile saved!';
export const PROFILE_SAVE_ERROR = 'There was an error saving your profile';

interface NameValues {
  givenName: string;
  lastName: string;
}

const namesOf = (user: User): NameValues => ({ givenName: user.givenName, lastName: user.lastName });

/**
 * First and last name (validated with the server's schema: at least 2 characters after trimming,
 * at most 256), the read-only e-mail, Save Changes (only when something changed and both names are
 * valid) and Undo Changes.
 */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateUser();
  const form = useForm<NameValues>({
    mode: 'controlled',
    initialValues: namesOf(user),
    validate: schemaResolver(UpdateUserRequest, { sync: true }),
    validateInputOnBlur: true,
  });
  const parsed = UpdateUserRequest.safeParse(form.values);
  const saved = namesOf(user);
  const changed =
    form.values.givenName.trim() !== saved.givenName || form.values.lastName.trim() !== saved.lastName;
  const untouched = form.values.givenName === saved.givenName && form.values.lastName === saved.lastName;

  const submit = form.onSubmit(() => {
    if (!parsed.success || !changed || update.isPending) return;
    // The version the form shows: if someone else saved the profile since, the server answers 409.
    update.mutate(
      { ...parsed.data, version: user.version },
      {
        onSuccess: (next) => {
          const values = namesOf(next);
          form.setInitialValues(values);
          form.setValues(values);
          form.resetDirty(values);
          notifySuccess(PROFILE_SAVED);
        },
        onError: () => notifyError(PROFILE_SAVE_ERROR),
      },
    );
  });

  const undo = () => {
    form.setValues(saved);
    form.clearErrors();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <TextInput
          label={<RequiredLabel label="First name" />}
          autoComplete="given-name"
          maxLength={LIMITS.name}
          disabled={update.isPending}
          {...form.getInputProps('givenName')}
        />
        <TextInput
          label={<RequiredLabel label="Last name" />}
          autoComplete="family-name"
          maxLength={LIMITS.name}
          disabled={update.isPending}
          {...form.getInputProps('lastName')}
        />
        <TextInput label="Email" value={user.emailAddress} readOnly variant="filled" />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending} disabled={!changed || !parsed.success}>
            Save Changes
          </Button>
          <Button variant="default" onClick={undo} disabled={untouched || update.isPending}>
            Undo Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
