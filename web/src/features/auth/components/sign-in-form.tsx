import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LIMITS } from '../../../../../shared/constants';
import { logAppError } from '../../../lib/app-error';
import { authErrorName } from '../../../lib/auth';
import { notifyError } from '../../../lib/notify';
import { SignInInput, useSignIn } from '../api/sign-in';

const confirmPath = (email: string) => `/Signup/Confirm?email=${encodeURIComponent(email)}`;

/**
 * Work Email + Password. On success every query is invalidated; the public-only guard then sends
 * the signed-in user home, where the account status decides the destination (spec 000 §2.3).
 */
export function SignInForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState(false);

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(SignInInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const signIn = useSignIn({
    onSuccess: async (result, { email }) => {
      switch (result) {
        case 'signed-in':
          await queryClient.invalidateQueries();
          break;
        case 'confirm-sign-up':
          navigate(confirmPath(email));
          break;
        case 'reset-password':
          navigate(`/reset?email=${encodeURIComponent(email)}`);
          break;
        default:
          notifyError('This sign-in method is not supported.');
      }
    },
    onError: (error, { email }) => {
      if (authErrorName(error) === 'UserNotConfirmedException') {
        navigate(confirmPath(email));
        return;
      }
      logAppError('auth.signIn', error);
      notifyError(error.message);
    },
  });

  const valid = form.isValid();
  const handleSubmit = form.onSubmit((values) => {
    const parsed = SignInInput.safeParse(values);
    if (parsed.success) signIn.mutate(parsed.data);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Work Email"
          type="email"
          autoComplete="username"
          maxLength={LIMITS.email}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          maxLength={LIMITS.password}
          visible={revealed}
          onVisibilityChange={setRevealed}
          visibilityToggleButtonProps={{ 'aria-label': revealed ? 'Hide characters' : 'Reveal characters' }}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth disabled={!valid || signIn.isPending} loading={signIn.isPending}>
          Sign In
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/Signup" size="sm">
            Create Account
          </Anchor>
          <Anchor component={Link} to="/reset" size="sm">
            Forgot Password
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
