import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, DOCUMENT_TYPES } from '@shared/schemas/document';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  attachableDocuments,
  attachedWhere,
  contentTypeOf,
  DOCUMENT_ACCEPT,
  documentFileProblem,
  documentUploadErrors,
  documentUploadErrorText,
  expiryBadge,
  expiryStateOf,
  firstExpiryDay,
  formatBytes,
  nameForType,
  uploadDocumentFile,
} from './documents';

const NOW = new Date(2026, 10, 21, 12).getTime(); // 21 November 2026, local noon

describe('the chosen file', () => {
  it('is refused over 25 MB with the exact text, and when it is no supported kind', () => {
    expect(documentFileProblem({ name: 'soc2.pdf', size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(documentFileProblem({ name: 'soc2.pdf', size: DOCUMENT_MAX_BYTES + 1 })).toBe(
      'That file is too large. We allow up to 25MB.',
    );
    expect(documentFileProblem({ name: 'tool.exe', size: 10 })).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(documentFileProblem({ name: 'Policy.DOCX', size: 10 })).toBeNull();
  });

  it('shows its size', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });

  it('is offered by extension and sent with a content type even when the browser has none', () => {
    expect(DOCUMENT_ACCEPT.split(',')).toContain('.pdf');
    expect(contentTypeOf({ type: 'application/pdf' })).toBe('application/pdf');
    expect(contentTypeOf({ type: '' })).toBe('application/octet-stream');
  });
});

describe('the upload form', () => {
  const file = { name: 'soc2.pdf', size: 100 };

  it('requires a file, a type (not the empty choice) and a name', () => {
    expect(documentUploadErrors({ file: null, documentTypeId: '', documentName: '  ' })).toEqual({
      file: DOCUMENT_MESSAGES.fileRequired,
      documentTypeId: DOCUMENT_MESSAGES.typeRequired,
      documentName: DOCUMENT_MESSAGES.nameRequired,
    });
    expect(documentUploadErrors({ file, documentTypeId: 'OTHER', documentName: 'Report' })).toEqual({});
    expect(
      documentUploadErrors({
        file: { name: 'big.pdf', size: DOCUMENT_MAX_BYTES + 1 },
        documentTypeId: 'OTHER',
        documentName: 'Report',
      }),
    ).toEqual({ file: DOCUMENT_MESSAGES.tooLarge });
  });

  it("prefills the name with the type's name only when the name is empty", () => {
    expect(nameForType('', 'SOC2_REPORT', DOCUMENT_TYPES)).toBe('SOC 2 Type II Report');
    expect(nameForType('  ', 'OTHER', DOCUMENT_TYPES)).toBe('Other');
    expect(nameForType('Our SOC 2', 'ISO27001_CERTIFICATE', DOCUMENT_TYPES)).toBe('Our SOC 2');
    expect(nameForType('', '', DOCUMENT_TYPES)).toBe('');
  });

  it('offers expiry dates from tomorrow on', () => {
    expect(firstExpiryDay(NOW)).toBe('2026-11-22');
    expect(firstExpiryDay(new Date(2026, 11, 31, 23).getTime())).toBe('2027-01-01');
  });
});

describe('the expiry badge', () => {
  it("follows the server's expiry state", () => {
    expect(expiryBadge({ expiresOn: '2027-06-30', expiryState: 'VALID' }, NOW)).toEqual({
      label: 'Expires 30th June 2027',
      color: 'gray',
      title: 'Expires on 30th June 2027',
    });
    expect(expiryBadge({ expiresOn: '2026-12-01', expiryState: 'EXPIRING' }, NOW)?.label).toBe('Expiring');
    expect(expiryBadge({ expiresOn: '2026-12-01', expiryState: 'EXPIRING' }, NOW)?.color).toBe('orange');
    expect(expiryBadge({ expiresOn: '2026-11-01', expiryState: 'EXPIRED' }, NOW)).toMatchObject({
      label: 'Expired',
      color: 'red',
      title: 'Expired on 1st November 2026',
    });
  });

  it('counts from today when the server sent no state, and shows nothing without a date', () => {
    expect(expiryStateOf({ expiresOn: '2026-11-20' }, NOW)).toBe('EXPIRED');
    expect(expiryStateOf({ expiresOn: '2026-11-21' }, NOW)).toBe('EXPIRING');
    expect(expiryStateOf({ expiresOn: '2026-12-21' }, NOW)).toBe('EXPIRING');
    expect(expiryStateOf({ expiresOn: '2026-12-22' }, NOW)).toBe('VALID');
    expect(expiryBadge({}, NOW)).toBeNull();
    expect(expiryBadge({ expiryState: 'EXPIRED' }, NOW)).toBeNull();
  });
});

describe('attaching', () => {
  it('offers only available documents that are not attached yet', () => {
    const library = [
      { documentId: 'd1', documentStatus: 'UPLOADED' },
      { documentId: 'd2', documentStatus: 'DEACTIVE' },
      { documentId: 'd3', documentStatus: 'UPLOADED' },
    ];
    expect(
      attachableDocuments(library, [{ document: { documentId: 'd3' } }]).map((d) => d.documentId),
    ).toEqual(['d1']);
  });

  it('says where a project file is attached', () => {
    expect(attachedWhere({ onProject: true, usageCount: 0 })).toBe('Project');
    expect(attachedWhere({ onProject: false, usageCount: 1 })).toBe('1 question');
    expect(attachedWhere({ onProject: true, usageCount: 2 })).toBe('Project and 2 questions');
  });
});

describe('uploading', () => {
  it('starts, sends the file to the presigned POST, then completes, step by step', async () => {
    const order: string[] = [];
    const steps: string[] = [];
    const upload = { url: 'https://store/bucket', fields: { key: 'k' } };
    const file = new File(['%PDF-1.7'], 'soc2.pdf', { type: '' });
    const result = await uploadDocumentFile(
      file,
      {
        start: vi.fn(async (input) => {
          order.push(`start ${input.fileName} ${input.contentType} ${input.sizeBytes}`);
          return { documentId: 'd1', upload };
        }),
        send: vi.fn(async (presigned, blob) => {
          order.push(`send ${presigned.url} ${blob.type} ${blob.size}`);
        }),
        complete: vi.fn(async (documentId) => {
          order.push(`complete ${documentId}`);
          return { documentId };
        }),
      },
      (step) => steps.push(step),
    );
    expect(result).toEqual({ documentId: 'd1' });
    expect(order).toEqual([
      'start soc2.pdf application/octet-stream 8',
      'send https://store/bucket application/octet-stream 8',
      'complete d1',
    ]);
    expect(steps).toEqual(['starting', 'uploading', 'checking']);
  });

  it('explains a failure with the document texts', () => {
    const http = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
      new ApiError({ route: 'createDocument', kind: 'http', status, message, fieldErrors });
    expect(documentUploadErrorText(http(413, 'Too big'))).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(documentUploadErrorText(http(422, DOCUMENT_MESSAGES.wrongType))).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(
      documentUploadErrorText(http(400, 'Invalid request', { fileName: [DOCUMENT_MESSAGES.wrongType] })),
    ).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(documentUploadErrorText(http(500, 'Internal error'))).toBe(
      'There was an error uploading your file',
    );
    expect(documentUploadErrorText(new Error('The upload answered 413'))).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(documentUploadErrorText(new Error('network'))).toBe(DOCUMENT_MESSAGES.uploadError);
  });
});
