/** Addresses a project's dashboard links to (spec 001 §2). Pure. */
import { projectQuestionnairePath } from './paths';

/**
 * The filters of question answering, one per dashboard tile (and unassigned). The Incomplete tile
 * counts questions whose classification is not specified yet, so it opens that filter.
 */
export type QuestionFilter =
  | 'NOT-SPECIFIED'
  | 'NON-COMPLIANT'
  | 'PARTIALLY-COMPLIANT'
  | 'COMPLIANT'
  | 'NOT-APPLICABLE'
  | 'unassigned'
  | 'EVIDENCE-EXPIRED';

/** Question answering from its start, optionally filtered: /Projects/{id}/start?status=NOT-SPECIFIED. */
export function questionnairePath(projectId: string, status?: QuestionFilter): string {
  const path = projectQuestionnairePath(projectId);
  return status ? `${path}?status=${encodeURIComponent(status)}` : path;
}

/** The portal link as a browser can open it: https:// is added when no http(s) scheme is given. */
export function externalHref(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
}
