/**
 * The public read API (GET /api/v1/…): the team's projects that are not PRIVATE, their questions,
 * and the library's answers, with the team's API key, paged by the limit and offset headers like
 * the analytics API.
 */
import * as z from 'zod';
import { CLASSIFICATIONS, PROJECT_STATUSES, RESPONSE_STATUSES } from './values';

export const PublicProjectsQuery = z.object({ status: z.enum(PROJECT_STATUSES).optional() });

export const PublicProject = z.object({
  projectId: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  dueOn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const PublicQuestion = z.object({
  questionId: z.string(),
  referenceNumber: z.string().nullable(),
  section: z.string().nullable(),
  question: z.string(),
  answer: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  classification: z.enum(CLASSIFICATIONS),
  assignedToUserId: z.string().nullable(),
  updatedAt: z.string(),
});

export const PublicLibraryAnswer = z.object({
  answerId: z.string(),
  question: z.string(),
  answer: z.string(),
  status: z.enum(['IN-USE', 'FLAGGED']),
  classification: z.enum(CLASSIFICATIONS).nullable(),
  tags: z.array(z.string()),
  updatedAt: z.string(),
});
