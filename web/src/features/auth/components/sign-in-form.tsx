import { Anchor, Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router-dom';
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
 */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const outcome = useSignInOutcome();
  const sso = useSsoCheck();

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '' },
    validate: schemaResolver(SignInInput, { sync: true }),
    validateInputOnBlur: true,
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
  const valid = form.isValid();
  const handleSubmit = form.onSubmit(async (values) => {
    const parsed = SignInInput.safeParse(values);
    if (!parsed.success) return;
    if (await sso.check(parsed.data.email, { onSubmit: true })) return;
    signIn.mutate(parsed.data);
  });

  return (
    // The sign-in flows load while the user types, so Sign In does not wait for them.
    <form onSubmit={handleSubmit} onFocusCapture={preloadAuthFlows} noValidate>
      <Stack gap="md">
        <WorkEmailField
          key={form.key('email')}
          {...form.getInputProps('email')}
          onBlurValue={(value) => void sso.check(value)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
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
