/**
 * Layout detection against the layout test set (test/fixtures/questionnaires, built by
 * scripts/fixtures/questionnaires.ts): every file read as the processing job reads it, detected,
 * and compared with its ground truth (scripts/bench/detection.ts). The floors sit just under what
 * detection achieves, so a change that breaks a layout fails here.
 */
import { describe, expect, it } from 'vitest';
import {
  DETECTION_FLOORS,
  type DetectionFigures,
  describeFigures,
  detectionFigures,
} from '../../../scripts/bench/detection';
import { buildLayoutSet, readLayoutSet } from '../../../scripts/fixtures/questionnaires';

describe('layout detection on the layout test set', () => {
  let figures: DetectionFigures;

  it('measures every fixture', async () => {
    // Act
    figures = await detectionFigures();
    for (const line of describeFigures(figures)) console.log(line);
    for (const f of figures.perFile)
      for (const mistake of f.mistakes) console.log(`    ${f.name}: ${mistake}`);

    // Assess
    expect(figures.files).toBeGreaterThanOrEqual(12);
    expect(figures.perFile.filter((f) => f.format === 'docx').length).toBeGreaterThanOrEqual(3);
    expect(new Set(figures.perFile.map((f) => f.format))).toEqual(new Set(['xlsx', 'csv', 'docx']));
  }, 60_000);

  it('finds the question rows and the columns of the spreadsheets', () => {
    const { spreadsheets } = figures.byKind;
    expect(spreadsheets.precision).toBeGreaterThanOrEqual(DETECTION_FLOORS.spreadsheets.precision);
    expect(spreadsheets.recall).toBeGreaterThanOrEqual(DETECTION_FLOORS.spreadsheets.recall);
    expect(figures.columnAccuracy).toBeGreaterThanOrEqual(DETECTION_FLOORS.columnAccuracy);
    expect(figures.headerAccuracy).toBeGreaterThanOrEqual(DETECTION_FLOORS.headerAccuracy);
    // Every sheet detection proposes questions for can be saved as proposed (shared/sheet-config.ts).
    expect(figures.validSheets).toBe(1);
    // No one layout may be lost in the average.
    for (const f of figures.perFile.filter((file) => file.format !== 'docx')) {
      expect.soft(f.precision, f.name).toBeGreaterThanOrEqual(0.95);
      expect.soft(f.recall, f.name).toBeGreaterThanOrEqual(0.95);
      expect.soft(f.columnAccuracy ?? 0, f.name).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('finds the questions of the Word documents', () => {
    const { documents } = figures.byKind;
    expect(documents.precision).toBeGreaterThanOrEqual(DETECTION_FLOORS.documents.precision);
    expect(documents.recall).toBeGreaterThanOrEqual(DETECTION_FLOORS.documents.recall);
    expect(figures.precision).toBeGreaterThanOrEqual(DETECTION_FLOORS.precision);
    expect(figures.recall).toBeGreaterThanOrEqual(DETECTION_FLOORS.recall);
  });

  it('is measured on the files the generator writes (npx tsx scripts/fixtures/questionnaires.ts)', async () => {
    const built = await buildLayoutSet();
    const committed = readLayoutSet();
    expect(committed.map((f) => `${f.name}.${f.format}`)).toEqual(built.map((f) => `${f.name}.${f.format}`));
    for (const [i, fixture] of built.entries()) {
      expect(committed[i].truth, fixture.name).toEqual(fixture.truth);
      expect(Buffer.from(committed[i].bytes).equals(Buffer.from(fixture.bytes)), fixture.name).toBe(true);
    }
  }, 60_000);
});
