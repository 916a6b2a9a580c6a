import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@shared/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { listenToAuthEvents } from '@/lib/auth';
import { theme } from './theme';

/**
 * The toast container (with its transitions) loads when the first toast is asked for, not with the
 * first screen: the store lib/notify writes to is tiny and keeps what was shown until it mounts.
 */
const ToastContainer = lazy(() => import('@/components/toast-container'));

/**
 * Outside the router's error pages: a toast container whose chunk cannot be fetched (a new release
 * replaced it while this page was open) leaves the screen as it is instead of taking it down.
 */
class WithoutToastsOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Toasts: top-right, auto-close 3000 ms, pause on hover; each toast closes on click (lib/notify). */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const asked = notifications.length + queue.length > 0;
  useEffect(() => {
    if (asked) setWanted(true);
  }, [asked]);
  if (!wanted) return null;
  return (
    <WithoutToastsOnError>
      <Suspense fallback={null}>
        <ToastContainer
          position="top-right"
          autoClose={TOAST_AUTO_CLOSE_MS}
          pauseResetOnHover="notification"
        />
      </Suspense>
    </WithoutToastsOnError>
  );
}

export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Toasts />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => listenToAuthEvents(queryClient), [queryClient]);
  return (
    <UiProviders>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </UiProviders>
  );
}
