/**
 * Unsaved changes in the quiz editor (spec 002 §4, as on the answering screen): a navigation to
 * another path waits for an answer to UNSAVED_CHANGES_MESSAGE, and the browser asks before the tab
 * closes or reloads.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes, are you sure you want to continue?';

/**
 * `blocker.state === 'blocked'` means a navigation waits: `proceed()` or `reset()`. `markClean`
 * is for the moment work was saved and the editor navigates at once (before it re-renders).
 */
export function useUnsavedChangesPrompt(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const markClean = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  return { blocker, markClean };
}
