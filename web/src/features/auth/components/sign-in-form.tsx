import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useField } from '@mantine/form';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ZodMiniType } from 'zod/mini';
import { SignInInput, useSignIn } from '@/features/auth/api/sign-in';
import { useSignInOutcome } from '@/features/auth/hooks/use-sign-in-outcome';
import { useSsoCheck } from '@/features/auth/hooks/use-sso-check';
import { authErrorMessage } from '@/features/auth/utils/auth-errors';
import { resetPasswordPath } from '@/features/auth/utils/paths';
import { logAppError } from '@/lib/app-error';
import { authErrorName, preloadAuthFlows } from '@/lib/auth';
import { notifyError } from '@/lib/notify';
import { PasswordField } from './password-field';
import { WorkEmailField } from './work-email-field';

/**
 * Work Email + Password. The e-mail's domain is checked for single sign-on on blur and on submit.
 * On success the sign-in is recorded and every query is invalidated; the public-only guard then
 * sends the signed-in user home, where the account status decides the destination (spec 000 §2.3).
 * An unconfirmed account goes to Confirm Account with a new code.
 *
 * Each field is a `useField` of the form library rather than one `useForm`: it is the form on the
 * first screen, and the per-field hook is a fifth of the size (issue 26's /login budget).
 */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const outcome = useSignInOutcome();
  const sso = useSsoCheck();

  const email = useField({
    initialValue: initialEmail,
    validateOnBlur: true,
    validate: check(SignInInput.shape.email),
  });
  const password = useField({
    initialValue: '',
    validateOnBlur: true,
    validate: check(SignInInput.shape.password),
  });

  const signIn = useSignIn({
    onSuccess: async (result, { email, password }) => {
      switch (result) {
        case 'signed-in':
          await outcome.signedIn();
          break;
        case 'confirm-sign-up':
          outcome.unconfirmed(email, password);
          break;
        case 'reset-password':
          navigate(resetPasswordPath(email));
          break;
        default:
          notifyError('This sign-in method is not supported.');
      }
    },
    onError: (error, { email, password }) => {
      if (authErrorName(error) === 'UserNotConfirmedException') {
        outcome.unconfirmed(email, password);
        return;
      }
      logAppError('auth.signIn', error);
      notifyError(authErrorMessage(error));
    },
  });

  const busy = signIn.isPending || sso.checking || sso.redirecting;
  const values = { email: email.getValue(), password: password.getValue() };
  const valid = SignInInput.safeParse(values).success;
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SignInInput.safeParse(values);
    if (!parsed.success) {
      void email.validate();
      void password.validate();
      return;
    }
    if (await sso.check(parsed.data.email, { onSubmit: true })) return;
    signIn.mutate(parsed.data);
  };

  return (
    // The sign-in flows load while the user types, so Sign In does not wait for them.
    <form onSubmit={handleSubmit} onFocusCapture={preloadAuthFlows} noValidate>
      <Stack gap="md">
        <WorkEmailField {...email.getInputProps()} onBlurValue={(value) => void sso.check(value)} />
        <PasswordField label="Password" autoComplete="current-password" {...password.getInputProps()} />
        <Button type="submit" fullWidth disabled={!valid || busy} loading={busy}>
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

/** A field's validator from its schema: the first issue's message, or null when the value passes. */
function check(schema: ZodMiniType) {
  return (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}
