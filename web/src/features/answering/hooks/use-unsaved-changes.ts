/**
 * Unsaved changes on the answering screen (spec 002 §4): the answer editor and the comment composer
 * each report whether they hold unsaved work; one blocker (a router supports only one at a time)
 * asks before any navigation away, and the browser asks before the tab closes or reloads.
 */
import { useEffect, useId } from 'react';
import { type Location, useBlocker } from 'react-router-dom';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes, are you sure you want to continue?';

const dirtySources = new Set<string>();

/** Whether any part of the screen holds unsaved work right now. */
export const hasUnsavedChanges = () => dirtySources.size > 0;

function setDirty(id: string, dirty: boolean) {
  if (dirty) dirtySources.add(id);
  else dirtySources.delete(id);
}

/**
 * Reports this component's unsaved work while it is mounted. Returns `markClean`, for the moment
 * work was saved or discarded and the component navigates at once (before it re-renders).
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const id = useId();
  useEffect(() => {
    setDirty(id, dirty);
    return () => setDirty(id, false);
  }, [id, dirty]);
  return () => setDirty(id, false);
}

/** A move to another path (another question, the dashboard, any route); filters in the query string are not. */
export const leavesPage = (current: Pick<Location, 'pathname'>, next: Pick<Location, 'pathname'>) =>
  current.pathname !== next.pathname;

/**
 * The one blocker: render it once on the screen. `state === 'blocked'` means a navigation waits for
 * the answer to UNSAVED_CHANGES_MESSAGE: `proceed()` or `reset()`.
 */
export function useUnsavedChangesBlocker() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && leavesPage(currentLocation, nextLocation),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return blocker;
}
