import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadLink } from '@/lib/download';

/**
 * POST /api/quiz/invites/{quizInviteId}/export: the answered quiz as an XLSX file (a short-lived
 * link), saved under its name.
 */
export async function exportQuizAnswers(quizInviteId: string) {
  const link = await api('exportQuizAnswers', { params: { quizInviteId } });
  downloadLink(link.url, link.fileName);
  return link;
}

export const useExportQuizAnswers = () => useMutation({ mutationFn: exportQuizAnswers });
