/**
 * What other route groups may call of the document library: read-only, for a team rather than a
 * signed-in person (the Model Context Protocol tools in functions/mcp).
 */
import * as repo from './repo';

/** A document as another group sees it. */
export interface CitedDocument {
  documentId: string;
  documentName: string;
  /** YYYY-MM-DD, when the document expires. */
  expiresOn?: string;
  /** Deactivated documents are no longer offered for new answers. */
  active: boolean;
  /** The project it was uploaded into: only those who may see that project see it. */
  uploadedInProjectId?: string;
}

/** The team's documents with these ids, in the order asked; ids that name none are left out. */
export async function citedDocuments(teamId: string, documentIds: string[]): Promise<CitedDocument[]> {
  const found = new Map((await repo.getDocuments(teamId, documentIds)).map((d) => [d.documentId, d]));
  return documentIds.flatMap((documentId) => {
    const d = found.get(documentId);
    if (!d) return [];
    return [
      {
        documentId,
        documentName: d.documentName,
        ...(d.expiresOn ? { expiresOn: d.expiresOn } : {}),
        active: d.documentStatus !== 'DEACTIVE',
        ...(d.uploadedInProjectId ? { uploadedInProjectId: d.uploadedInProjectId } : {}),
      },
    ];
  });
}
