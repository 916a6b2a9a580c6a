/**
 * What follows changes of documents and attachments, read from the table's stream:
 * - DOCUMENTS_UPDATED to the team, ATTACHMENTS_UPDATED to the project's open screens;
 * - an expiry notice recorded by the expiry job (expiry-job.ts): the uploader and the assignees of
 *   the questions the document supports in open projects get a notification and an e-mail, once;
 * - on expiry, those questions are flagged for review (their `evidenceExpired`); a renewed
 *   document (a new date or file) or a removed attachment takes the flag off again.
 * The library follows the same expiry to flag the library answers that cite the document.
 */

import { config } from '../common/config';
import { sendEmail } from '../common/email';
import { canSeeProject, type DocumentLinkItem, PROJECT_SCOPE, type QuestionItem } from '../common/entities';
import { publish } from '../common/events';
import { createNotification, notificationId } from '../common/notifications';
import { type Change, once, type Reactions } from '../common/reactions';
import { usersById } from '../common/team-directory';
import { documentExpiryEmail, expiryTexts, filesLink } from './emails';
import * as repo from './repo';

type Evidence = NonNullable<QuestionItem['evidenceExpired']>;
const ATTEMPTS = 5;

/**
 * Edits a question's expired evidence: read, change, write on condition nothing moved meanwhile,
 * again if something did. A question that is gone or unchanged by the edit is left alone.
 */
async function editEvidence(
  teamId: string,
  projectId: string,
  questionId: string,
  edit: (evidence: Evidence) => Evidence,
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const question = await repo.getQuestion(teamId, projectId, questionId);
    if (!question) return;
    const before = question.evidenceExpired ?? [];
    const after = edit(before);
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    if (await repo.setExpiredEvidence(question, after)) return;
  }
  throw new Error(`Could not update the evidence of question ${questionId}`);
}

const without = (documentId: string) => (evidence: Evidence) =>
  evidence.filter((e) => e.documentId !== documentId);

/** The linked, not deleted questions a document is attached to in open projects, with their projects. */
async function supportedQuestions(document: repo.DocumentItem) {
  const links = (await repo.linksOfDocument(document.teamId, document.documentId)).filter(
    (l) => l.scope !== PROJECT_SCOPE,
  );
  const byProject = new Map<string, DocumentLinkItem[]>();
  for (const link of links) byProject.set(link.projectId, [...(byProject.get(link.projectId) ?? []), link]);
  const projects = (await repo.getProjects(document.teamId, [...byProject.keys()])).filter(
    (p) => p.projectStatus !== 'COMPLETE',
  );
  const found = await Promise.all(
    projects.map(async (project) => {
      const questions = await repo.getQuestions(
        document.teamId,
        project.projectId,
        (byProject.get(project.projectId) ?? []).map((l) => l.scope),
      );
      return questions
        .filter((q) => q.isLinked !== false && !q.deletedAt)
        .map((question) => ({ project, question }));
    }),
  );
  return found.flat();
}

async function announceExpiry(change: Change, document: repo.DocumentItem, notice: 'SOON' | 'EXPIRED') {
  const expiresOn = document.expiresOn;
  if (!expiresOn || document.documentStatus !== 'UPLOADED') return;
  const supported = await supportedQuestions(document);
  const assignees = supported.flatMap(({ project, question }) =>
    question.assignedToUserId && canSeeProject(project, question.assignedToUserId)
      ? [question.assignedToUserId]
      : [],
  );
  const recipients = [...new Set([document.createdByUserId, ...assignees])];
  const users = await usersById(recipients);
  const texts = expiryTexts({ documentName: document.documentName, expiresOn, notice });
  for (const userId of recipients) {
    const user = users.get(userId);
    if (!user || user.teamId !== document.teamId) continue;
    await createNotification(
      {
        recipientUserId: userId,
        causedByUserId: document.createdByUserId,
        teamId: document.teamId,
        title: texts.title,
        description: texts.description,
        linkReferencePath: '/Files',
      },
      notificationId(change.at, `${change.id}#expiry#${userId}`),
    );
    const questions = supported.filter((s) => s.question.assignedToUserId === userId).length;
    await once(change, `expiry-email#${userId}`, () =>
      sendEmail(
        user.emailAddress,
        documentExpiryEmail({
          documentName: document.documentName,
          expiresOn,
          notice,
          questions: userId === document.createdByUserId ? supported.length : questions,
          link: filesLink(config.appUrl),
        }),
      ),
    );
  }
}

/** The questions the expired document supports in open projects are up for review. */
async function flagQuestions(document: repo.DocumentItem) {
  const expiresOn = document.expiresOn;
  if (!expiresOn) return;
  const entry = { documentId: document.documentId, documentName: document.documentName, expiresOn };
  for (const { question } of await supportedQuestions(document)) {
    await editEvidence(document.teamId, question.projectId, question.questionId, (evidence) => [
      ...without(document.documentId)(evidence),
      entry,
    ]);
  }
}

/** A renewed document: no question is up for review because of it any more. */
async function clearQuestions(document: repo.DocumentItem) {
  const links = await repo.linksOfDocument(document.teamId, document.documentId);
  for (const link of links) {
    if (link.scope === PROJECT_SCOPE) continue;
    await editEvidence(document.teamId, link.projectId, link.scope, without(document.documentId));
  }
}

async function onDocument(change: Change) {
  const after = change.newImage as repo.DocumentItem | undefined;
  const before = change.oldImage as repo.DocumentItem | undefined;
  const document = after ?? before;
  if (!document) return;
  await publish(
    {
      eventName: 'DOCUMENTS_UPDATED',
      data: { documentId: document.documentId },
      scope: { kind: 'team', id: document.teamId },
    },
    { sessionId: after?.changedBySession },
  );
  if (!after) return;
  const notice = after.expiryNotice;
  if (notice !== before?.expiryNotice && (notice === 'SOON' || notice === 'EXPIRED')) {
    await announceExpiry(change, after, notice);
  }
  if (notice === 'EXPIRED' && before?.expiryNotice !== 'EXPIRED') await flagQuestions(after);
  if (before?.expiryNotice === 'EXPIRED' && notice !== 'EXPIRED') await clearQuestions(after);
}

async function onLink(change: Change) {
  const link = (change.newImage ?? change.oldImage) as DocumentLinkItem | undefined;
  if (!link) return;
  if (change.kind === 'REMOVE' && link.scope !== PROJECT_SCOPE) {
    await editEvidence(link.teamId, link.projectId, link.scope, without(link.documentId));
  }
  await publish(
    {
      eventName: 'ATTACHMENTS_UPDATED',
      data: {
        projectId: link.projectId,
        documentId: link.documentId,
        ...(link.scope !== PROJECT_SCOPE ? { questionId: link.scope } : {}),
      },
      scope: { kind: 'project', id: link.projectId },
    },
    { sessionId: change.kind === 'REMOVE' ? undefined : link.changedBySession },
  );
}

export const reactions: Reactions = { document: onDocument, documentLink: onLink };
