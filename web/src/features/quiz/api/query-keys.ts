/**
 * Every query of Quiz Central starts with QUIZ_QUERY_KEY. The inbox and the sent list refresh on
 * QUIZ_INVITE_UPDATED; a template's own key sits apart from the list's so refreshing the list
 * never throws away the quiz open in the editor.
 */
export const QUIZ_QUERY_KEY = ['quiz'] as const;

export const quizKeys = {
  templates: [...QUIZ_QUERY_KEY, 'templates'] as const,
  quiz: (quizId: string) => [...QUIZ_QUERY_KEY, 'detail', quizId] as const,
  inbox: [...QUIZ_QUERY_KEY, 'inbox'] as const,
  sent: [...QUIZ_QUERY_KEY, 'sent'] as const,
  answers: (quizInviteId: string) => [...QUIZ_QUERY_KEY, 'answers', quizInviteId] as const,
};
