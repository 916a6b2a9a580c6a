import type { ExportPreview } from '@shared/schemas/source';
import { describe, expect, it } from 'vitest';
import { exportAllowed } from './export-problems';

const preview = (extra: Partial<ExportPreview> = {}): ExportPreview => ({
  fileName: 'fournisseur (answered).csv',
  columns: ['Location', 'Question', 'Answer', 'Compliance'],
  rows: [],
  questionCount: 2,
  answeredCount: 1,
  ...extra,
});

describe('exportAllowed', () => {
  it('waits for the preview, and needs "Write as UTF-8 instead" when the file’s encoding cannot hold an answer', () => {
    // Prepare
    const legacy = preview({ unrepresentable: { encoding: 'Windows-1252', characters: ['✓'] } });
    const locked = preview({
      problems: [
        { questionId: 'q1', message: 'Not written: cell Questions!B3 is locked (the sheet is protected).' },
      ],
    });

    // Act
    const allowed = [
      exportAllowed(undefined, false),
      exportAllowed(legacy, false),
      exportAllowed(legacy, true),
      exportAllowed(locked, false),
      exportAllowed(preview(), false),
    ];

    // Assess: locked cells are reported but do not stop the export; unrepresentable characters do.
    expect(allowed).toEqual([false, false, true, true, true]);
  });
});
