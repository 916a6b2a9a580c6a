import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router-dom';
import { SignUpInput, useSignUp } from '@/features/auth/api/sign-up';
import { useSignInOutcome } from '@/features/auth/hooks/use-sign-in-outcome';
import { useSsoCheck } from '@/features/auth/hooks/use-sso-check';
import { AUTH_MESSAGES, authErrorMessage } from '@/features/auth/utils/auth-errors';
import { confirmAccountPath, PRIVACY_URL, resetPasswordPath, TERMS_URL } from '@/features/auth/utils/paths';
import { keepPendingSignIn } from '@/features/auth/utils/pending-sign-in';
import { logAppError } from '@/lib/app-error';
import { signInWithPassword } from '@/lib/auth';
import { notifyError } from '@/lib/notify';
import { NewPasswordField } from './new-password-field';
import { WorkEmailField } from './work-email-field';

/**
 * Create Account: Work Email and Password with the rules box. The identity service signs the user
 * up with the e-mail as username; the credentials are kept briefly for the automatic sign-in after
 * confirmation, and the user goes to Confirm Account (spec 000 §2.4, §4).
 */
export function SignUpForm({ initialEmail = '' }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const outcome = useSignInOutcome();
  const sso = useSsoCheck();

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '' },
    validate: schemaResolver(SignUpInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const signUp = useSignUp({
    onSuccess: async (result, { email, password }) => {
      if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        keepPendingSignIn(email, password);
        navigate(confirmAccountPath(email));
        return;
      }
      // The pool confirmed the account on its own: sign in straight away.
      try {
        if ((await signInWithPassword(email, password)) === 'signed-in') {
          await outcome.signedIn();
          return;
        }
      } catch (error) {
        logAppError('auth.autoSignIn', error);
      }
      notifyError(AUTH_MESSAGES.autoSignInFailed);
      navigate('/login');
    },
    onError: (error) => {
      logAppError('auth.signUp', error);
      notifyError(authErrorMessage(error));
    },
  });

  const busy = signUp.isPending || sso.checking || sso.redirecting;
  const valid = form.isValid();
  const handleSubmit = form.onSubmit(async (values) => {
    const parsed = SignUpInput.safeParse(values);
    if (!parsed.success) return;
    if (await sso.check(parsed.data.email, { onSubmit: true })) return;
    signUp.mutate(parsed.data);
  });

  const email = form.getValues().email.trim();
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <WorkEmailField
          key={form.key('email')}
          {...form.getInputProps('email')}
          onBlurValue={(value) => void sso.check(value)}
        />
        <NewPasswordField key={form.key('password')} {...form.getInputProps('password')} />
        <Button type="submit" fullWidth disabled={!valid || busy} loading={busy}>
          Create Account
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/login" size="sm">
            Back to Sign In
          </Anchor>
          <Anchor component={Link} to={resetPasswordPath(email || undefined)} size="sm">
            Forgot Password
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          By creating an account you agree to our{' '}
          <Anchor href={TERMS_URL} target="_blank" rel="noopener noreferrer" inherit>
            Terms of Service
          </Anchor>{' '}
          and{' '}
          <Anchor href={PRIVACY_URL} target="_blank" rel="noopener noreferrer" inherit>
            Privacy Policy
          </Anchor>
          .
        </Text>
      </Stack>
    </form>
  );
}
