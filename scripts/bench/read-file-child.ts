/**
 * Run in a fresh `node --import tsx` process by scripts/bench/amplification.ts, like one Lambda
 * container of a reading job: `read <xlsx|docx|csv> <file>` reads the file as the processing jobs
 * do (readSpreadsheet or readDocument, zip guard first) and `baseline` only loads the readers.
 * Prints one JSON line: elapsed ms, the process's peak resident set and what became of the file
 * (read, or refused with the reason a user sees).
 */
import { readFileSync } from 'node:fs';

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
/**
 * The peak resident set of this process's own memory: on Linux VmHWM, since getrusage's maxRSS
 * after fork and exec starts from the parent's (the bench builds files of hundreds of MB).
 */
function peakRssBytes() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) * 1024;
  } catch {
    // Not Linux.
  }
  // resourceUsage().maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS * 1024;
}
process.stdout.write(`${JSON.stringify({ elapsedMs, maxRssBytes: peakRssBytes(), outcome })}\n`);
process.exit(0);
