/**
 * Seeding entry point for the local runner: evidence documents of the demo team, stored as an
 * accepted upload stores them, and attached to questions. Fixed ids: seeding again changes nothing.
 */
import type { DocumentTypeId } from '../../shared/schemas/document';
import { sessionMark } from '../common/session-mark';
import { writeObjectBytes } from '../common/storage';
import * as repo from './repo';
import { expirySchedule } from './service';

export interface SeedDocument {
  documentId: string;
  documentName: string;
  documentTypeId: DocumentTypeId;
  fileName: string;
  bytes: Uint8Array;
  expiresOn?: string;
  /** Questions (or projects, without questionId) it supports. */
  attachTo: Array<{ projectId: string; questionId?: string }>;
}

export async function ensureDocuments(teamId: string, createdByUserId: string, documents: SeedDocument[]) {
  let created = 0;
  for (const seed of documents) {
    if (await repo.getDocument(teamId, seed.documentId)) continue;
    const fileKey = `documents/${teamId}/${seed.documentId}/seed`;
    await writeObjectBytes(fileKey, seed.bytes, 'application/pdf');
    const stored = {
      teamId,
      documentId: seed.documentId,
      fileName: seed.fileName,
      fileKey,
      contentType: 'application/pdf',
      size: seed.bytes.length,
    };
    await repo.seedDocument(
      {
        ...stored,
        documentName: seed.documentName,
        documentTypeId: seed.documentTypeId,
        ...(seed.expiresOn ? { expiresOn: seed.expiresOn } : {}),
        ...expirySchedule(seed.expiresOn),
        createdByUserId,
        changedBySession: sessionMark(null),
      },
      { ...stored, uploadedByUserId: createdByUserId },
    );
    for (const target of seed.attachTo) {
      await repo.putLink({
        teamId,
        projectId: target.projectId,
        scope: target.questionId ?? 'PROJECT',
        documentId: seed.documentId,
        createdByUserId,
        changedBySession: sessionMark(null),
      });
    }
    created++;
  }
  return created;
}
