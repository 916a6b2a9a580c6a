/**
 * Detection measured on the questionnaire families (test/fixtures/families, built by
 * scripts/fixtures/families.ts): an unseen test set, so the figures are printed, never asserted.
 * Every file is read as the processing job reads it (readSpreadsheet / readDocument), detected as
 * it detects it (detectSheetLayout / detectDocumentQuestions) and, for spreadsheets, turned into
 * questions as saving the proposed configuration would (sheetQuestions), then compared with its
 * truth:
 *
 *   precision, recall   over question rows (sheet and row) or Word questions (node, or the same text)
 *   columns             over the columns the truth or the detection types: the share typed as the
 *                       truth says (an X-mark column counts as right when typed Compliance Status or
 *                       a mark type)
 *   headers             the sheets whose header row (or its absence) was found
 *   sections, references, texts   over the questions found: the share whose section, reference
 *                       and question text come out as the truth says
 *   answer places       Word: the share of questions found whose answer place is the truth's (per
 *                       kind: empty paragraph, box, after a label, table cell, checkbox, boxes in
 *                       a symbol font, an answer typed after its label, whose answer must import
 *                       without the label); Word references and sections as the import gives them
 *
 * A file the product cannot read yet is reported as "not read: <reason>". The HECVAT-like file is
 * also read in a fresh process (read-file-child.ts) for its read time and peak memory. The v1/v2
 * pair is matched as a new version is (functions/sources/versions/match.ts) on the truth's question
 * texts and references, and each row's outcome (unchanged, reworded, inserted, removed, and with
 * which row) is compared with the pair's mapping.
 *
 *   npx tsx scripts/bench/families.ts      prints the figures alone
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { matchVersions } from '../../functions/sources/versions/match';
import { SOURCE_FORMATS } from '../../shared/schemas/source';
import {
  FAMILIES_DIR,
  type FamilyFixture,
  type FamilySheetTruth,
  readFamilySet,
  type VersionMapping,
} from '../fixtures/families';

export interface FamilyFigures {
  name: string;
  format: FamilyFixture['format'];
  family: string;
  /** Why the product could not read the file; the other figures are then empty. */
  notRead?: string;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  columns: { correct: number; compared: number } | null;
  headers: { correct: number; sheets: number } | null;
  sections: { correct: number; compared: number };
  references: { correct: number; compared: number };
  texts: { correct: number; compared: number };
  answerPlaces: { correct: number; compared: number; byKind: Record<string, [number, number]> } | null;
  mistakes: string[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A reference compared by its letters and digits alone ('10.a', '10a', '10(a)' are one). */
const referenceKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const short = (text: string) => `'${text.length > 50 ? `${text.slice(0, 50)}…` : text}'`;

const empty = (fixture: FamilyFixture): FamilyFigures => ({
  name: fixture.name,
  format: fixture.format,
  family: fixture.family,
  truePositives: 0,
  falsePositives: 0,
  falseNegatives: 0,
  precision: 0,
  recall: 0,
  columns: null,
  headers: null,
  sections: { correct: 0, compared: 0 },
  references: { correct: 0, compared: 0 },
  texts: { correct: 0, compared: 0 },
  answerPlaces: null,
  mistakes: [],
});

const COMPLIANCE_MARK = 'compliance mark';

function truthTypes(truth: FamilySheetTruth): Map<number, string> {
  const types = new Map<number, string>();
  for (const [type, value] of Object.entries(truth.columns)) {
    for (const column of Array.isArray(value) ? value : [value]) types.set(column, type);
  }
  for (const mark of truth.markColumns) types.set(mark.column, COMPLIANCE_MARK);
  return types;
}

const sameType = (want: string, got: string) =>
  want === COMPLIANCE_MARK ? got === 'COMPLIANCE_STATUS' || /MARK/.test(got) : want === got;

/** The format the reader is asked for: .xlsm as its own format once the product has one. */
const readAs = (format: FamilyFixture['format']) =>
  format === 'xlsm' && !(SOURCE_FORMATS as readonly string[]).includes('xlsm') ? 'xlsx' : format;

const reasonOf = (error: unknown) =>
  error && typeof error === 'object' && 'reason' in error && typeof error.reason === 'string'
    ? error.reason
    : error instanceof Error
      ? `${error.name}: ${error.message}`
      : String(error);

async function spreadsheetFigures(
  fixture: Extract<FamilyFixture, { format: 'xlsx' | 'xlsm' }>,
): Promise<FamilyFigures> {
  const { readSpreadsheet } = await import('../../functions/common/formats/spreadsheet');
  const { detectSheetLayout } = await import('../../functions/common/formats/detect');
  const { sheetQuestions } = await import('../../functions/sources/configure');
  const figures = empty(fixture);
  let workbook: Awaited<ReturnType<typeof readSpreadsheet>>;
  try {
    workbook = await readSpreadsheet(fixture.bytes, readAs(fixture.format) as 'xlsx');
  } catch (error) {
    figures.notRead = reasonOf(error);
    return figures;
  }
  const columns = { correct: 0, compared: 0 };
  const headers = { correct: 0, sheets: fixture.truth.sheets.length };
  if (workbook.sheets.length !== fixture.truth.sheets.length)
    figures.mistakes.push(`read ${workbook.sheets.length} sheets, truth has ${fixture.truth.sheets.length}`);
  for (const truth of fixture.truth.sheets) {
    const sheet = workbook.sheets[truth.sheetIndex];
    const at = `sheet ${truth.sheetIndex} '${truth.sheetName}'`;
    if (!sheet) {
      figures.falseNegatives += truth.questionRows.length;
      figures.mistakes.push(`${at}: missing`);
      continue;
    }
    if (sheet.sheetName !== truth.sheetName) figures.mistakes.push(`${at}: read as '${sheet.sheetName}'`);
    if (sheet.hidden !== truth.hidden)
      figures.mistakes.push(`${at}: hidden ${sheet.hidden}, truth ${truth.hidden}`);
    const layout = detectSheetLayout(sheet);
    const expected = new Set(truth.questionRows);
    const found = new Set(layout.questionRows);
    const extra = [...found].filter((r) => !expected.has(r));
    const missed = [...expected].filter((r) => !found.has(r));
    figures.truePositives += found.size - extra.length;
    figures.falsePositives += extra.length;
    figures.falseNegatives += missed.length;
    const examples = extra.filter((r) => truth.exampleRows.includes(r));
    if (examples.length)
      figures.mistakes.push(`${at}: example rows ${examples.join(',')} taken as questions`);
    const others = extra.filter((r) => !truth.exampleRows.includes(r));
    if (others.length)
      figures.mistakes.push(
        `${at}: extra rows ${others.slice(0, 12).join(',')}${others.length > 12 ? ` (${others.length})` : ''}`,
      );
    if (missed.length)
      figures.mistakes.push(
        `${at}: missed rows ${missed.slice(0, 12).join(',')}${missed.length > 12 ? ` (${missed.length})` : ''}`,
      );
    if (layout.headerRow === truth.headerRow) headers.correct++;
    else figures.mistakes.push(`${at}: header ${layout.headerRow}, truth ${truth.headerRow}`);

    const want = truthTypes(truth);
    const got = new Map(
      layout.columnClassifications
        .filter((c) => c.columnType !== 'IGNORE')
        .map((c) => [c.columnNumber, c.columnType as string]),
    );
    for (const column of [...new Set([...want.keys(), ...got.keys()])].sort((a, b) => a - b)) {
      columns.compared++;
      const w = want.get(column) ?? 'IGNORE';
      const g = got.get(column) ?? 'IGNORE';
      if (sameType(w, g)) columns.correct++;
      else figures.mistakes.push(`${at}: column ${column} ${g}, truth ${w}`);
    }

    // The questions the proposed configuration gives, as saving it would create them.
    const foundQuestions = truth.questions.filter((q) => found.has(q.row));
    if (!foundQuestions.length) continue;
    const made = new Map(
      sheetQuestions(
        { sheetId: `s${truth.sheetIndex}`, sheetIndex: truth.sheetIndex } as Parameters<
          typeof sheetQuestions
        >[0],
        { isLinked: true, columnClassifications: layout.columnClassifications, includedRows: [...found] },
        sheet.content,
        {},
      ).map((q) => [q.order, q]),
    );
    const wrong = { sections: 0, references: 0, texts: 0 };
    for (const q of foundQuestions) {
      const question = made.get(q.row);
      figures.texts.compared++;
      if (question && normalise(question.question) === normalise(q.text)) figures.texts.correct++;
      else if (wrong.texts++ < 3)
        figures.mistakes.push(
          `${at}: row ${q.row} text ${short(question?.question ?? '')}, truth ${short(q.text)}`,
        );
      if (q.section !== undefined) {
        figures.sections.compared++;
        if (normalise(question?.sectionDescription ?? '') === normalise(q.section))
          figures.sections.correct++;
        else if (wrong.sections++ < 3)
          figures.mistakes.push(
            `${at}: row ${q.row} section ${short(question?.sectionDescription ?? '')}, truth ${short(q.section)}`,
          );
      }
      if (q.reference !== undefined) {
        figures.references.compared++;
        if (referenceKey(question?.referenceNumber ?? '') === referenceKey(q.reference))
          figures.references.correct++;
        else if (wrong.references++ < 3)
          figures.mistakes.push(
            `${at}: row ${q.row} reference '${question?.referenceNumber ?? ''}', truth '${q.reference}'`,
          );
      }
    }
    for (const [what, n] of Object.entries(wrong))
      if (n > 3) figures.mistakes.push(`${at}: ${n} ${what} wrong in all`);
  }
  figures.columns = columns;
  figures.headers = headers;
  figures.precision = ratio(figures.truePositives, figures.truePositives + figures.falsePositives);
  figures.recall = ratio(figures.truePositives, figures.truePositives + figures.falseNegatives);
  return figures;
}

async function documentFigures(fixture: Extract<FamilyFixture, { format: 'docx' }>): Promise<FamilyFigures> {
  const { readDocument } = await import('../../functions/common/formats/document');
  const { detectDocumentQuestions } = await import('../../functions/common/formats/detect-document');
  const { documentOutline } = await import('../../functions/common/formats/document-outline');
  const { placeAnswer } = await import('../../functions/common/formats/typed-text');
  const figures = empty(fixture);
  let content: Awaited<ReturnType<typeof readDocument>>;
  try {
    content = await readDocument(fixture.bytes);
  } catch (error) {
    figures.notRead = reasonOf(error);
    return figures;
  }
  const annotations = detectDocumentQuestions(content);
  const outline = documentOutline(content.nodes);
  const nodes = new Map(content.nodes.map((n) => [n.nodeId, n]));
  const detected = annotations.filter((a) => a.annotationType === 'QUESTION');
  // Each truth question matched to the detected question on its node, or else one with its text.
  const unmatched = new Set(detected.map((a) => a.nodeId));
  const matchOf = new Map<string, string>();
  for (const q of fixture.truth.questions) {
    if (unmatched.has(q.nodeId)) {
      matchOf.set(q.nodeId, q.nodeId);
      unmatched.delete(q.nodeId);
    }
  }
  for (const q of fixture.truth.questions) {
    if (matchOf.has(q.nodeId)) continue;
    const same = [...unmatched].find((id) =>
      normalise(nodes.get(id)?.text ?? '').endsWith(normalise(q.text)),
    );
    if (same) {
      matchOf.set(q.nodeId, same);
      unmatched.delete(same);
    }
  }
  figures.truePositives = matchOf.size;
  figures.falsePositives = unmatched.size;
  figures.falseNegatives = fixture.truth.questions.length - matchOf.size;
  figures.precision = ratio(figures.truePositives, figures.truePositives + figures.falsePositives);
  figures.recall = ratio(figures.truePositives, figures.truePositives + figures.falseNegatives);
  const lookalikes = new Map(fixture.truth.notQuestions.map((n) => [n.nodeId, n]));
  for (const id of unmatched) {
    const lookalike = lookalikes.get(id);
    figures.mistakes.push(
      lookalike
        ? `${lookalike.why} ${short(lookalike.text)} (${id}) taken as a question`
        : `extra question ${short(nodes.get(id)?.text ?? '')} (${id})`,
    );
  }
  const places: NonNullable<FamilyFigures['answerPlaces']> = { correct: 0, compared: 0, byKind: {} };
  for (const q of fixture.truth.questions) {
    const id = matchOf.get(q.nodeId);
    if (!id) {
      figures.mistakes.push(`missed question ${short(q.text)} (${q.nodeId})`);
      continue;
    }
    const children = annotations.filter((a) => a.parentNodeId === id);
    // The answer place.
    const kind = q.answerPlace.kind;
    places.byKind[kind] ??= [0, 0];
    places.byKind[kind][1]++;
    places.compared++;
    const answers = children.filter((a) => a.annotationType === 'ANSWER').map((a) => a.nodeId);
    // A place that holds an answer already must give that answer, never its label.
    const holds = q.existingAnswer ?? '';
    if (
      answers.includes(q.answerPlace.nodeId) &&
      placeAnswer(nodes.get(q.answerPlace.nodeId)?.text ?? '') === holds
    ) {
      places.correct++;
      places.byKind[kind][0]++;
    } else
      figures.mistakes.push(
        `${q.reference || q.nodeId}: answer place ${answers.join(',') || 'none'}, truth ${q.answerPlace.nodeId} (${kind})`,
      );
    // The reference the import would give it: a Reference annotation, or its full number (Word's
    // or typed, with its parents': 13.a, 16.1), as the configuration reads it (document-outline.ts).
    figures.references.compared++;
    const reference =
      children
        .filter((a) => a.annotationType === 'REFERENCE')
        .map((a) => nodes.get(a.nodeId)?.text ?? '')
        .join('') ||
      outline.get(id)?.reference ||
      '';
    // The section the import gives it: the heading above (document-outline.ts).
    figures.sections.compared++;
    const section = outline.get(id)?.section ?? '';
    if (section === q.section) figures.sections.correct++;
    else figures.mistakes.push(`${q.nodeId}: section '${section}', truth '${q.section}'`);
    if (referenceKey(reference) === referenceKey(q.reference)) figures.references.correct++;
    else figures.mistakes.push(`${q.nodeId}: reference '${reference}', truth '${q.reference}'`);
    // The question's text without its number.
    figures.texts.compared++;
    if (normalise(nodes.get(id)?.text ?? '') === normalise(q.text)) figures.texts.correct++;
    else
      figures.mistakes.push(`${q.nodeId}: text ${short(nodes.get(id)?.text ?? '')}, truth ${short(q.text)}`);
  }
  figures.answerPlaces = places;
  return figures;
}

export async function familyFigures(dir = FAMILIES_DIR) {
  const set = readFamilySet(dir);
  const files: FamilyFigures[] = [];
  for (const fixture of set.files) {
    try {
      files.push(
        fixture.format === 'docx' ? await documentFigures(fixture) : await spreadsheetFigures(fixture),
      );
    } catch (error) {
      // A defect in reading or detection is reported for the family, never a crash of the bench.
      files.push({ ...empty(fixture), notRead: `failed: ${reasonOf(error)}` });
    }
  }
  return { files, pairs: set.pairs };
}

const pct = (a: number, b: number) => (b === 0 ? '    -' : `${((a / b) * 100).toFixed(0).padStart(4)}%`);
const share = (value: { correct: number; compared: number } | null) =>
  value ? `${pct(value.correct, value.compared)} (${value.correct}/${value.compared})` : '-';

/** One line per family, then the mistakes under it. */
export function describeFamilies(files: FamilyFigures[]): string[] {
  const width = Math.max(...files.map((f) => f.name.length + f.format.length + 1));
  const lines: string[] = [];
  for (const f of files) {
    const label = `${f.name}.${f.format}`.padEnd(width);
    if (f.notRead) {
      lines.push(`  ${label}  not read: ${f.notRead}`);
      continue;
    }
    const parts = [
      `precision ${pct(f.truePositives, f.truePositives + f.falsePositives)}`,
      `recall ${pct(f.truePositives, f.truePositives + f.falseNegatives)}`,
      f.columns ? `columns ${share(f.columns)}` : '',
      f.headers ? `headers ${f.headers.correct}/${f.headers.sheets}` : '',
      f.answerPlaces ? `answer places ${share(f.answerPlaces)}` : '',
      `sections ${share(f.sections)}`,
      `references ${share(f.references)}`,
      `texts ${share(f.texts)}`,
      `(${f.truePositives} found, ${f.falsePositives} extra, ${f.falseNegatives} missed)`,
    ];
    lines.push(`  ${label}  ${parts.filter(Boolean).join('  ')}`);
    if (f.answerPlaces)
      lines.push(
        `  ${''.padEnd(width)}  answer places by kind: ${Object.entries(f.answerPlaces.byKind)
          .map(([kind, [ok, n]]) => `${kind} ${ok}/${n}`)
          .join(', ')}`,
      );
  }
  return lines;
}

/** The pair matched as a new version is, each change kind's rows right against the mapping. */
export function versionFigures(mapping: VersionMapping, fixtures: FamilyFixture[]) {
  const sheetOf = (name: string): FamilySheetTruth | undefined => {
    const truth = fixtures.find((f) => f.name === name)?.truth;
    return truth && 'sheets' in truth
      ? truth.sheets.find((s) => s.sheetIndex === mapping.sheetIndex)
      : undefined;
  };
  const questionsOf = (name: string) => sheetOf(name)?.questions ?? [];
  const result = matchVersions(
    questionsOf(mapping.v1).map((q) => ({
      id: String(q.row),
      question: q.text,
      referenceNumber: q.reference,
    })),
    questionsOf(mapping.v2).map((q) => ({
      key: String(q.row),
      question: q.text,
      referenceNumber: q.reference,
    })),
  );
  const matched = new Map(result.matches.map((m) => [m.id, m]));
  const byKind = new Map<string, [number, number]>();
  for (const row of mapping.rows) {
    const match = row.v1Row === null ? undefined : matched.get(String(row.v1Row));
    const right =
      row.change === 'removed'
        ? result.removed.includes(String(row.v1Row))
        : row.change === 'inserted'
          ? result.added.includes(String(row.v2Row))
          : match?.key === String(row.v2Row) &&
            match.kind === (row.change === 'reworded' ? 'REWORDED' : 'UNCHANGED');
    const [ok, n] = byKind.get(row.change) ?? [0, 0];
    byKind.set(row.change, [ok + (right ? 1 : 0), n + 1]);
  }
  const right = [...byKind.values()].reduce((sum, [ok]) => sum + ok, 0);
  return { right, rows: mapping.rows.length, byKind };
}

export function describeMapping(mapping: VersionMapping, figures: ReturnType<typeof versionFigures>): string {
  const kinds = [...figures.byKind].map(([kind, [ok, n]]) => `${kind} ${ok}/${n}`).join(', ');
  return `${mapping.v1} → ${mapping.v2}: ${figures.right}/${figures.rows} rows matched as the mapping says (${kinds})`;
}

interface Reading {
  elapsedMs: number;
  maxRssBytes: number;
  outcome: string;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** One file read in a fresh process, as one container of the reading job would (read-file-child.ts). */
export async function readInChild(format: string, file: string, mode: 'read' | 'baseline' = 'read') {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'read-file-child.ts'), mode, format, file],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 120_000 },
    );
    return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Reading;
  } catch (error) {
    const killed = error && typeof error === 'object' && 'killed' in error && error.killed;
    return {
      elapsedMs: Number.NaN,
      maxRssBytes: 0,
      outcome: killed ? 'not read: over 120 s' : `not read: ${reasonOf(error).split('\n')[0]}`,
    };
  }
}

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const MIB = 1024 * 1024;

/** The bench part: each family's figures (printed, no targets), the HECVAT-like read, the pair. */
export async function benchFamilies(addRow: AddRow) {
  const { files, pairs } = await familyFigures();
  for (const line of describeFamilies(files)) console.log(line);
  for (const f of files)
    for (const mistake of f.mistakes.slice(0, 25)) console.log(`    ${f.name}: ${mistake}`);
  for (const f of files) {
    if (f.notRead) {
      addRow(`families: ${f.name}.${f.format}`, `not read: ${f.notRead}`.slice(0, 60), 'figures only');
      continue;
    }
    const figure = [
      `P ${pct(f.truePositives, f.truePositives + f.falsePositives).trim()}`,
      `R ${pct(f.truePositives, f.truePositives + f.falseNegatives).trim()}`,
      f.columns ? `col ${pct(f.columns.correct, f.columns.compared).trim()}` : '',
      f.answerPlaces ? `places ${pct(f.answerPlaces.correct, f.answerPlaces.compared).trim()}` : '',
      `sect ${pct(f.sections.correct, f.sections.compared).trim()}`,
    ]
      .filter(Boolean)
      .join(' ');
    addRow(`families: ${f.name}.${f.format}`, figure, 'figures only');
  }
  const hecvat = join(FAMILIES_DIR, 'hecvat-like.xlsx');
  const baseline = await readInChild('xlsx', hecvat, 'baseline');
  const reading = await readInChild('xlsx', hecvat);
  console.log(
    `  hecvat-like.xlsx in a fresh process: ${reading.outcome}, ${reading.elapsedMs.toFixed(0)} ms, peak ${(reading.maxRssBytes / MIB).toFixed(0)} MiB (the readers loaded alone: ${(baseline.maxRssBytes / MIB).toFixed(0)} MiB)`,
  );
  addRow(
    'families: HECVAT-like read (whole-sheet validations)',
    reading.outcome === 'read'
      ? `${reading.elapsedMs.toFixed(0)} ms, ${(reading.maxRssBytes / MIB).toFixed(0)} MiB`
      : reading.outcome.slice(0, 60),
    `readers alone ${(baseline.maxRssBytes / MIB).toFixed(0)} MiB`,
  );
  const fixtures = readFamilySet().files;
  for (const pair of pairs) {
    const figures = versionFigures(pair.mapping, fixtures);
    console.log(`  ${describeMapping(pair.mapping, figures)}`);
    addRow(
      `families: new version ${pair.name} (rows matched as the mapping says)`,
      `${figures.right}/${figures.rows}`,
      'figures only',
    );
  }
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const rows: string[] = [];
  await benchFamilies((metric, figure, target) => rows.push(`${metric}: ${figure} (${target})`));
  for (const row of rows) console.log(row);
  process.exit(0);
}
