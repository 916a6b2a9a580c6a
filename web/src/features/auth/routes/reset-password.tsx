import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { RESET_CODE_STEP } from '@/features/auth/utils/paths';
import { normalizeEmail } from '@/lib/auth';

/**
 * /reset[?email=…[&step=code]]: reset the password in two steps. The step and the e-mail live in
 * the address, so reloading the second step keeps the user's place (the e-mailed code stays valid).
 */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const email = normalizeEmail(params.get('email') ?? '');
  const step = email && params.get('step') === RESET_CODE_STEP ? 'RESET_PASSWORD' : 'SEND_EMAIL';
  return (
    <AuthCard pageTitle="Reset Password" heading="Reset Password">
      <ResetPasswordForm key={step} step={step} email={email} />
    </AuthCard>
  );
}
