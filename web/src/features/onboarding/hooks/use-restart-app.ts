import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { restartAppState } from '@/lib/auth';

/**
 * Restart the application state and go home: every cached answer is dropped (the session and the
 * account status load again behind the splash), and the home route's guard sends the user where the
 * new account status says (spec 000 §2.3, §4).
 */
export function useRestartApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const restarted = restartAppState(queryClient);
    navigate('/', { replace: true });
    await restarted;
  }, [queryClient, navigate]);
}
