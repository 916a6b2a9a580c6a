/**
 * Run in a fresh `node --import tsx` process by scripts/bench/imports.ts, like one Lambda container
 * of the processing job: `process <source.json>` runs the processor (functions/sources/processor.ts)
 * on that source item against the bench stack's emulators — the original read from storage, parsed,
 * each sheet's content written, its layout detected, the sheet items written — and `baseline` only
 * loads the processor. Prints one JSON line: elapsed ms and the process's own peak resident set
 * (peak-rss.ts: VmHWM, not getrusage's maxRSS, which starts from the parent's).
 */
import { readFileSync } from 'node:fs';
import { peakRssBytes } from './peak-rss';

const [mode, file] = process.argv.slice(2);
const { processSource } = await import('../../functions/sources/processor');
const started = performance.now();
if (mode === 'process') await processSource(JSON.parse(readFileSync(file, 'utf8')));
const elapsedMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ elapsedMs, maxRssBytes: peakRssBytes() })}\n`);
process.exit(0);
