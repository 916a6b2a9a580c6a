import { SOURCE_MESSAGES } from '@shared/schemas/source';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fileProblem, uploadErrorText, uploadSource } from './upload-source';

const MB = 1024 * 1024;

describe('fileProblem', () => {
  it('accepts .xlsx, .xlsm, .csv and .docx up to 25MB, whatever the case of the extension', () => {
    expect(fileProblem({ name: 'Vendor Questionnaire.xlsx', size: 25 * MB })).toBeNull();
    expect(fileProblem({ name: 'SIG Lite 2026.XLSM', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'answers.CSV', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'policy.docx', size: 10 })).toBeNull();
  });

  it('refuses a larger file and another format with the exact texts', () => {
    expect(fileProblem({ name: 'big.xlsx', size: 25 * MB + 1 })).toBe(
      'That file is too large. We allow up to 25MB.',
    );
    expect(fileProblem({ name: 'legacy.xls', size: 10 })).toBe(SOURCE_MESSAGES.uploadError);
    expect(fileProblem({ name: 'no-extension', size: 10 })).toBe(SOURCE_MESSAGES.uploadError);
  });
});

describe('uploadErrorText', () => {
  it('says too large for a 413 from the API or the store, else the upload error', () => {
    const http = (status: number) =>
      new ApiError({ route: 'createSource', kind: 'http', status, message: 'refused' });
    expect(uploadErrorText(http(413))).toBe(SOURCE_MESSAGES.tooLarge);
    expect(uploadErrorText(new Error('The upload answered 413'))).toBe(SOURCE_MESSAGES.tooLarge);
    expect(uploadErrorText(http(400))).toBe(SOURCE_MESSAGES.uploadError);
    expect(uploadErrorText(new Error('The upload answered 403'))).toBe(SOURCE_MESSAGES.uploadError);
  });
});

describe('uploadSource', () => {
  it('creates with the format content type, uploads, then completes, reporting each step', async () => {
    const order: string[] = [];
    const calls = {
      createSource: vi.fn(async () => {
        order.push('create');
        return { projectSourceId: 'src1', upload: { url: 'https://store.example/u', fields: { key: 'k' } } };
      }),
      uploadFile: vi.fn(async () => {
        order.push('upload');
      }),
      completeSource: vi.fn(async () => {
        order.push('complete');
        return { projectSourceId: 'src1' } as never;
      }),
    };
    const steps: string[] = [];
    const file = new File(['Question,Answer\n'], 'questions.csv', { type: 'application/vnd.ms-excel' });
    await uploadSource('p1', file, calls, (step) => steps.push(step));
    expect(order).toEqual(['create', 'upload', 'complete']);
    expect(steps).toEqual(['starting', 'uploading', 'checking']);
    expect(calls.createSource).toHaveBeenCalledWith({
      projectId: 'p1',
      fileName: 'questions.csv',
      contentType: 'text/csv',
      sizeBytes: file.size,
    });
    expect(calls.completeSource).toHaveBeenCalledWith({ projectId: 'p1', projectSourceId: 'src1' });
  });

  it('does not complete when the upload fails', async () => {
    const calls = {
      createSource: vi.fn(async () => ({ projectSourceId: 'src1', upload: { url: 'u', fields: {} } })),
      uploadFile: vi.fn(async () => {
        throw new Error('The upload answered 400');
      }),
      completeSource: vi.fn(),
    };
    await expect(uploadSource('p1', new File(['x'], 'a.xlsx'), calls)).rejects.toThrow('400');
    expect(calls.completeSource).not.toHaveBeenCalled();
  });
});
