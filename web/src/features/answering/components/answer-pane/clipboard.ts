import { notifyError, notifySuccess } from '@/lib/notify';

/** The clipboard toasts (spec 002 §2.1). */
export const COPIED = {
  question: 'Question copied to the clipboard',
  answer: 'Answer copied to the clipboard',
  compliance: 'Compliance status copied to the clipboard',
} as const;

/** Copies `text`; a success toast when `message` is given. Resolves whether it worked. */
export async function copyText(text: string, message?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    if (message) notifySuccess(message);
    return true;
  } catch {
    notifyError('There was a problem copying to the clipboard');
    return false;
  }
}

/** The shareable link of a question (opens only for signed-in members who may see the project). */
export const questionLink = (projectId: string, questionId: string) =>
  `${window.location.origin}/Projects/${encodeURIComponent(projectId)}/${encodeURIComponent(questionId)}`;
