import { AuthCard } from '../../../components/AuthCard';

/** /Signup/Complete?email=…: first and last name (the form comes with the onboarding issue). */
export default function CompleteRegistrationRoute() {
  return <AuthCard pageTitle="Create Account" heading="Create Account" />;
}
