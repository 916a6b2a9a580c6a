/** The answering section's error toasts and states (spec 002 §8), word for word. */
export const MESSAGES = {
  fetchQuestion: 'There was a problem fetching the Question',
  save: 'There was a problem saving your changes',
  reviewDraft: 'There was a problem updating the draft from the library',
  assignee: 'There was a problem updating the assignee',
  complete: 'There was a problem marking that Question as complete',
  delete: 'There was a problem deleting that Question',
  notAQuestion: 'There was a problem marking that as not a Question',
  gone: 'That question no longer exists',
  // Beyond the spec (answer history).
  fetchHistory: 'There was a problem fetching the Question History',
  restore: 'There was a problem restoring that answer',
  // A save answered 409: someone else saved first; never overwritten silently.
  stale: 'Someone else saved this question while you were editing. Review their changes, then save again.',
  privateLibrary: "Answers in Private Projects can't be included in the Answer Library",
} as const;
