/**
 * The React side of live updates: RealtimeProvider keeps the connection of realtime.ts open while
 * mounted and dispatches each event to the handlers the app registered; useLiveScope lets a screen
 * join a project's events while it is mounted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getSessionId } from './api-client';
import { createLiveEventDispatch, type LiveEventHandlers } from './live-events';
import { notifyInfo } from './notify';
import { createRealtimeClient, currentIdToken, type LiveScope, type RealtimeClient } from './realtime';
import { websocketUrl } from './runtime-config';

/** The running client, or null outside a provider or while live updates are off. */
const RealtimeContext = createContext<RealtimeClient | null>(null);

export interface RealtimeProviderProps {
  /** Every feature's registration, composed by the app layer; keep the array stable. */
  handlers: readonly LiveEventHandlers[];
  /** Live updates are for team members only: without a team no connection is opened. */
  enabled: boolean;
  children: ReactNode;
}

/**
 * Keeps the live connection open while mounted and enabled: closes on unmount and on sign-out,
 * reconnects at once when the browser comes back online.
 */
export function RealtimeProvider({ handlers, enabled, children }: RealtimeProviderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const dispatch = useMemo(() => createLiveEventDispatch(handlers), [handlers]);
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const context = {
      queryClient,
      toast: (message: string, { onClick }: { onClick?: () => void }) => notifyInfo(message, { onClick }),
      navigate: (path: string) => navigateRef.current(path),
    };
    const next = createRealtimeClient({
      url: () => websocketUrl(),
      WebSocketImpl: WebSocket,
      getToken: currentIdToken,
      sessionId: getSessionId(),
      onEvent: (event) => dispatch(event, context),
    });
    setClient(next);
    // Started on the next tick: a mount that is undone at once (StrictMode) opens no socket.
    const startTimer = setTimeout(() => next.start(), 0);
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut') next.stop();
    });
    const onOnline = () => next.reconnectNow();
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(startTimer);
      stopListening();
      window.removeEventListener('online', onOnline);
      next.stop();
      setClient((current) => (current === next ? null : current));
    };
  }, [enabled, queryClient, dispatch]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/**
 * Receive a scope's live events (a project's) while the calling screen is mounted, e.g.
 * `useLiveScope(projectId ? { kind: 'project', id: projectId } : null)`. Subscriptions are counted,
 * so several components may hold the same scope. Does nothing outside a live connection.
 */
export function useLiveScope(scope: LiveScope | null | undefined): void {
  const client = useContext(RealtimeContext);
  const kind = scope?.kind;
  const id = scope?.id;
  useEffect(() => {
    if (!client || !kind || !id) return;
    const held: LiveScope = { kind, id };
    client.subscribe(held);
    return () => client.unsubscribe(held);
  }, [client, kind, id]);
}
