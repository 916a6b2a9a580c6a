/**
 * Layout detection measured against the layout test set (test/fixtures/questionnaires, built by
 * scripts/fixtures/questionnaires.ts): every file is read as the processing job reads it
 * (readSpreadsheet / readDocument) and detected as it detects it (detectSheetLayout /
 * detectDocumentQuestions), then compared with its ground truth.
 *
 *   precision, recall  over question rows (spreadsheets: sheet and row; Word: question texts, in
 *                      order as a multiset)
 *   columnAccuracy     over the columns that the truth or the detection gives a type other than
 *                      Ignore: the share classified as the truth says
 *   headerAccuracy     the share of sheets whose header row (or its absence) was found
 *   validSheets        of the sheets detection gives a question column, the share that satisfy the
 *                      sheet rules (shared/sheet-config.ts)
 *
 * Used by `npm run bench -- --only detection` and by test/unit/sources/detect-layouts.test.ts.
 */
import { sheetConfigProblem } from '../../shared/sheet-config';
import { type Fixture, readLayoutSet, type SheetTruth } from '../fixtures/questionnaires';

export interface FileFigures {
  name: string;
  format: Fixture['format'];
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** Null for Word documents (no columns). */
  columnAccuracy: number | null;
  columnsCorrect: number;
  columnsCompared: number;
  headersCorrect: number;
  sheets: number;
  sheetsWithQuestions: number;
  validSheets: number;
  /** What went wrong, briefly (for the report and for debugging). */
  mistakes: string[];
}

export interface DetectionFigures {
  files: number;
  precision: number;
  recall: number;
  columnAccuracy: number;
  headerAccuracy: number;
  validSheets: number;
  /** Precision and recall of the spreadsheets (xlsx, csv) and of the Word documents alone. */
  byKind: Record<'spreadsheets' | 'documents', { files: number; precision: number; recall: number }>;
  perFile: FileFigures[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

function truthTypes(truth: SheetTruth): Map<number, string> {
  const types = new Map<number, string>();
  for (const [type, value] of Object.entries(truth.columns)) {
    for (const column of Array.isArray(value) ? value : [value]) types.set(column, type);
  }
  return types;
}

async function spreadsheetFigures(
  fixture: Extract<Fixture, { format: 'xlsx' | 'csv' }>,
): Promise<FileFigures> {
  const { readSpreadsheet } = await import('../../functions/common/formats/spreadsheet');
  const { detectSheetLayout } = await import('../../functions/common/formats/detect');
  const workbook = await readSpreadsheet(fixture.bytes, fixture.format);
  const figures: FileFigures = {
    name: fixture.name,
    format: fixture.format,
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    precision: 1,
    recall: 1,
    columnAccuracy: 1,
    columnsCorrect: 0,
    columnsCompared: 0,
    headersCorrect: 0,
    sheets: fixture.truth.sheets.length,
    sheetsWithQuestions: 0,
    validSheets: 0,
    mistakes: [],
  };
  if (workbook.sheets.length !== fixture.truth.sheets.length)
    figures.mistakes.push(`read ${workbook.sheets.length} sheets, truth has ${fixture.truth.sheets.length}`);
  for (const truth of fixture.truth.sheets) {
    const sheet = workbook.sheets[truth.sheetIndex];
    const at = `sheet ${truth.sheetIndex}`;
    if (!sheet) {
      figures.falseNegatives += truth.questionRows.length;
      figures.mistakes.push(`${at}: missing`);
      continue;
    }
    const layout = detectSheetLayout(sheet);
    const expected = new Set(truth.questionRows);
    const found = new Set(layout.questionRows);
    const extra = [...found].filter((r) => !expected.has(r));
    const missed = [...expected].filter((r) => !found.has(r));
    figures.truePositives += [...found].filter((r) => expected.has(r)).length;
    figures.falsePositives += extra.length;
    figures.falseNegatives += missed.length;
    if (extra.length) figures.mistakes.push(`${at}: extra rows ${extra.join(',')}`);
    if (missed.length) figures.mistakes.push(`${at}: missed rows ${missed.join(',')}`);
    if (layout.headerRow === truth.headerRow) figures.headersCorrect++;
    else figures.mistakes.push(`${at}: header ${layout.headerRow}, truth ${truth.headerRow}`);

    const want = truthTypes(truth);
    const got = new Map(
      layout.columnClassifications
        .filter((c) => c.columnType !== 'IGNORE')
        .map((c) => [c.columnNumber, c.columnType]),
    );
    for (const column of new Set([...want.keys(), ...got.keys()])) {
      figures.columnsCompared++;
      const w = want.get(column) ?? 'IGNORE';
      const g = got.get(column) ?? 'IGNORE';
      if (w === g) figures.columnsCorrect++;
      else figures.mistakes.push(`${at}: column ${column} ${g}, truth ${w}`);
    }
    if (got.size) {
      figures.sheetsWithQuestions++;
      const problem = sheetConfigProblem(layout.columnClassifications, true);
      if (!problem) figures.validSheets++;
      else figures.mistakes.push(`${at}: ${problem}`);
    }
  }
  figures.precision = ratio(figures.truePositives, figures.truePositives + figures.falsePositives);
  figures.recall = ratio(figures.truePositives, figures.truePositives + figures.falseNegatives);
  figures.columnAccuracy = ratio(figures.columnsCorrect, figures.columnsCompared);
  return figures;
}

async function documentFigures(fixture: Extract<Fixture, { format: 'docx' }>): Promise<FileFigures> {
  const { readDocument } = await import('../../functions/common/formats/document');
  const { detectDocumentQuestions } = await import('../../functions/common/formats/detect-document');
  const detected = detectDocumentQuestions(await readDocument(fixture.bytes))
    .filter((a) => a.annotationType === 'QUESTION')
    .map((a) => normalise(a.text));
  const remaining = new Map<string, number>();
  for (const { text } of fixture.truth.questions) {
    const key = normalise(text);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  let truePositives = 0;
  const extra: string[] = [];
  for (const text of detected) {
    const left = remaining.get(text) ?? 0;
    if (left > 0) {
      truePositives++;
      remaining.set(text, left - 1);
    } else extra.push(text);
  }
  const missed = [...remaining].flatMap(([text, n]) => Array.from({ length: n }, () => text));
  const short = (text: string) => `'${text.length > 50 ? `${text.slice(0, 50)}…` : text}'`;
  return {
    name: fixture.name,
    format: 'docx',
    truePositives,
    falsePositives: extra.length,
    falseNegatives: missed.length,
    precision: ratio(truePositives, truePositives + extra.length),
    recall: ratio(truePositives, truePositives + missed.length),
    columnAccuracy: null,
    columnsCorrect: 0,
    columnsCompared: 0,
    headersCorrect: 0,
    sheets: 0,
    sheetsWithQuestions: 0,
    validSheets: 0,
    mistakes: [
      ...extra.map((text) => `extra question ${short(text)}`),
      ...missed.map((text) => `missed question ${short(text)}`),
    ],
  };
}

export async function detectionFigures(): Promise<DetectionFigures> {
  const perFile: FileFigures[] = [];
  for (const fixture of readLayoutSet()) {
    perFile.push(
      fixture.format === 'docx' ? await documentFigures(fixture) : await spreadsheetFigures(fixture),
    );
  }
  const sum = (pick: (f: FileFigures) => number, files = perFile) =>
    files.reduce((total, f) => total + pick(f), 0);
  const tp = sum((f) => f.truePositives);
  const kind = (files: FileFigures[]) => {
    const found = sum((f) => f.truePositives, files);
    return {
      files: files.length,
      precision: ratio(found, found + sum((f) => f.falsePositives, files)),
      recall: ratio(found, found + sum((f) => f.falseNegatives, files)),
    };
  };
  return {
    files: perFile.length,
    precision: ratio(tp, tp + sum((f) => f.falsePositives)),
    recall: ratio(tp, tp + sum((f) => f.falseNegatives)),
    columnAccuracy: ratio(
      sum((f) => f.columnsCorrect),
      sum((f) => f.columnsCompared),
    ),
    headerAccuracy: ratio(
      sum((f) => f.headersCorrect),
      sum((f) => f.sheets),
    ),
    validSheets: ratio(
      sum((f) => f.validSheets),
      sum((f) => f.sheetsWithQuestions),
    ),
    byKind: {
      spreadsheets: kind(perFile.filter((f) => f.format !== 'docx')),
      documents: kind(perFile.filter((f) => f.format === 'docx')),
    },
    perFile,
  };
}

const pct = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);

/** The figures as lines of text: one per file, then the totals. */
export function describeFigures(figures: DetectionFigures): string[] {
  const width = Math.max(...figures.perFile.map((f) => f.name.length + f.format.length + 1));
  const lines = figures.perFile.map(
    (f) =>
      `  ${`${f.name}.${f.format}`.padEnd(width)}  precision ${pct(f.precision).padStart(6)}  recall ${pct(f.recall).padStart(6)}  columns ${pct(f.columnAccuracy).padStart(6)}  (${f.truePositives} found, ${f.falsePositives} extra, ${f.falseNegatives} missed)`,
  );
  lines.push(
    ...(['spreadsheets', 'documents'] as const).map((kind) => {
      const k = figures.byKind[kind];
      return `  ${kind.padEnd(width)}  precision ${pct(k.precision).padStart(6)}  recall ${pct(k.recall).padStart(6)}  (${k.files} files)`;
    }),
    `  ${'all'.padEnd(width)}  precision ${pct(figures.precision).padStart(6)}  recall ${pct(figures.recall).padStart(6)}  columns ${pct(figures.columnAccuracy).padStart(6)}  headers ${pct(figures.headerAccuracy)}  valid sheets ${pct(figures.validSheets)}  (${figures.files} files)`,
  );
  return lines;
}

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

/** Floors the set test asserts (test/unit/sources/detect-layouts.test.ts); the bench prints them as targets. */
export const DETECTION_FLOORS = {
  precision: 0.95,
  recall: 0.98,
  columnAccuracy: 0.98,
  headerAccuracy: 0.98,
  spreadsheets: { precision: 0.99, recall: 0.99 },
  documents: { precision: 0.85, recall: 0.98 },
};

/** The bench part: the figures beside their floors. */
export async function benchDetection(addRow: AddRow) {
  const figures = await detectionFigures();
  for (const line of describeFigures(figures)) console.log(line);
  for (const f of figures.perFile) for (const mistake of f.mistakes) console.log(`    ${f.name}: ${mistake}`);
  const floor = (metric: string, value: number, min: number) =>
    addRow(`detection: ${metric}`, pct(value), `≥ ${pct(min)}`, value >= min);
  const { spreadsheets, documents } = figures.byKind;
  floor('question precision', figures.precision, DETECTION_FLOORS.precision);
  floor('question recall', figures.recall, DETECTION_FLOORS.recall);
  floor('column accuracy', figures.columnAccuracy, DETECTION_FLOORS.columnAccuracy);
  floor('header rows found', figures.headerAccuracy, DETECTION_FLOORS.headerAccuracy);
  floor(
    `precision, ${spreadsheets.files} spreadsheets`,
    spreadsheets.precision,
    DETECTION_FLOORS.spreadsheets.precision,
  );
  floor(
    `recall, ${spreadsheets.files} spreadsheets`,
    spreadsheets.recall,
    DETECTION_FLOORS.spreadsheets.recall,
  );
  floor(
    `precision, ${documents.files} Word documents`,
    documents.precision,
    DETECTION_FLOORS.documents.precision,
  );
  floor(`recall, ${documents.files} Word documents`, documents.recall, DETECTION_FLOORS.documents.recall);
  return figures;
}

if (process.argv[1]?.endsWith('detection.ts')) {
  const figures = await detectionFigures();
  for (const line of describeFigures(figures)) console.log(line);
  for (const f of figures.perFile) for (const mistake of f.mistakes) console.log(`    ${f.name}: ${mistake}`);
}
