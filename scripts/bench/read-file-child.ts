/**
 * Run in a fresh `node --import tsx` process by scripts/bench/amplification.ts, like one Lambda
 * container of a reading job: `read <xlsx|docx|csv> <file>` reads the file as the processing jobs
 * do (readSpreadsheet or readDocument, zip guard first) and `baseline` only loads the readers.
 * Prints one JSON line: elapsed ms, the process's own peak resident set (peak-rss.ts) and what
 * became of the file (read, or refused with the reason a user sees).
 */
import { readFileSync } from 'node:fs';
import { peakRssBytes } from './peak-rss';

const [mode, format, file] = process.argv.slice(2);
const { readDocument } = await import('../../functions/common/formats/document');
const { readSpreadsheet } = await import('../../functions/common/formats/spreadsheet');
const { SourceFormatError } = await import('../../functions/common/formats/types');
let outcome = 'loaded';
const started = performance.now();
if (mode === 'read') {
  const bytes = new Uint8Array(readFileSync(file));
  try {
    if (format === 'docx') await readDocument(bytes);
    else await readSpreadsheet(bytes, format as 'xlsx' | 'csv');
    outcome = 'read';
  } catch (error) {
    if (!(error instanceof SourceFormatError)) throw error;
    outcome = `refused: ${error.reason}`;
  }
}
const elapsedMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ elapsedMs, maxRssBytes: peakRssBytes(), outcome })}\n`);
process.exit(0);
