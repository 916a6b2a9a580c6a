import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset[?email=…]: reset the password in two steps. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard pageTitle="Reset Password" heading="Reset Password">
      <ResetPasswordForm initialEmail={params.get('email')?.trim() ?? ''} />
    </AuthCard>
  );
}
