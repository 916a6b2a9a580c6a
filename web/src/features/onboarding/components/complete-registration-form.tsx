import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LIMITS } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type * as z from 'zod';
import { RegistrationRequest, useRegisterUser } from '@/features/onboarding/api/register-user';
import { useRestartApp } from '@/features/onboarding/hooks/use-restart-app';
import { USAGE_EVENTS } from '@/features/onboarding/utils/usage-events';
import { trackEvent } from '@/lib/activity';
import { logAppError } from '@/lib/app-error';
import { signOutAndReset } from '@/lib/auth';
import { notifyError } from '@/lib/notify';

export const REGISTRATION_FAILED_MESSAGE =
  'Hmm, we were not able to complete your registration. Please try again.';

/** The form's fields: the registration request without the e-mail, which comes from the route. */
const NamesInput = RegistrationRequest.pick({ givenName: true, lastName: true });
type Names = z.input<typeof NamesInput>;

/**
 * Complete registration: first and last name for the signed-in, confirmed e-mail. On success the
 * usage event is recorded and the application restarts, so the guards route by the new account
 * status (spec 000 §4); any failure, or no data, shows the registration message (§8).
 */
export function CompleteRegistrationForm({ email }: { email: string }) {
  const restart = useRestartApp();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  // The way out, as on the other onboarding screens: the guards then go to Sign In.
  const signOut = async () => {
    setSigningOut(true);
    try {
      await signOutAndReset(queryClient);
    } catch (error) {
      // The local session state is cleared whatever the identity service answered.
      logAppError('auth.signOut', error);
    }
  };
  const form = useForm<Names>({
    mode: 'controlled',
    initialValues: { givenName: '', lastName: '' },
    validate: schemaResolver(NamesInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const register = useRegisterUser({
    onSuccess: async (data) => {
      if (!data?.userId) {
        notifyError(REGISTRATION_FAILED_MESSAGE);
        return;
      }
      trackEvent(USAGE_EVENTS.registrationComplete, { userId: data.userId });
      await restart();
    },
    onError: (error) => {
      logAppError('registerUser', error);
      notifyError(REGISTRATION_FAILED_MESSAGE);
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = RegistrationRequest.safeParse({ ...values, emailAddress: email });
    if (!parsed.success) {
      notifyError(REGISTRATION_FAILED_MESSAGE);
      return;
    }
    register.mutate(parsed.data);
  });

  const busy = register.isPending || register.isSuccess;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text ta="center" c="dimmed" size="sm">
          Almost there: tell us your name to finish setting up {email}.
        </Text>
        <TextInput
          label="First name"
          autoComplete="given-name"
          maxLength={LIMITS.name}
          key={form.key('givenName')}
          {...form.getInputProps('givenName')}
        />
        <TextInput
          label="Last name"
          autoComplete="family-name"
          maxLength={LIMITS.name}
          key={form.key('lastName')}
          {...form.getInputProps('lastName')}
        />
        <Button type="submit" fullWidth disabled={!form.isValid() || busy} loading={busy}>
          Complete Registration
        </Button>
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={signingOut || busy}
            onClick={() => void signOut()}
          >
            Sign Out
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
