import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { recordLoggedInQuietly } from '@/features/auth/api/record-logged-in';
import { resendVerificationCode } from '@/features/auth/api/resend-sign-up-code';
import { confirmAccountPath } from '@/features/auth/utils/paths';
import { keepPendingSignIn } from '@/features/auth/utils/pending-sign-in';
import { logAppError } from '@/lib/app-error';

/** What follows a password sign-in, wherever it happened (sign in, after confirmation, after reset). */
export function useSignInOutcome() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /**
   * Signed in: record it, then re-read everything; the public-only guard sends the user on, and the
   * account status decides where (spec 000 §2.3).
   */
  const signedIn = useCallback(async () => {
    recordLoggedInQuietly();
    await queryClient.invalidateQueries();
  }, [queryClient]);

  /**
   * The account is not confirmed yet: a new code is sent and the user goes to Confirm Account; the
   * password, when known, is kept for the automatic sign-in after confirmation (spec 000 §4).
   */
  const unconfirmed = useCallback(
    (email: string, password?: string) => {
      if (password) keepPendingSignIn(email, password);
      resendVerificationCode(email).catch((error: unknown) => logAppError('auth.resendSignUpCode', error));
      navigate(confirmAccountPath(email));
    },
    [navigate],
  );

  return { signedIn, unconfirmed };
}
