import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/auth-card';
import { CompleteRegistrationForm } from '@/features/onboarding/components/complete-registration-form';

/** /Signup/Complete?email=…: first and last name; without an e-mail, back to Sign In. */
export default function CompleteRegistrationRoute() {
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim().toLowerCase();
  if (!email) return <Navigate to="/login" replace />;
  return (
    <AuthCard pageTitle="Create Account" heading="Create Account">
      <CompleteRegistrationForm email={email} />
    </AuthCard>
  );
}
