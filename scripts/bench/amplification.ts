/**
 * Memory amplification on upload (issue 25, finding 6): the peak resident set of a fresh
 * `node --import tsx` process (scripts/bench/read-file-child.ts, like one container of the reading
 * jobs) reading each hostile file as the jobs do — the zip guard, then exceljs or the docx reader —
 * beside the floor of one reading a normal 2,000-question workbook. Hostile files are built here
 * (scripts/fixtures/hostile-zips.ts): the ones the issue found (a 240 MB shared string, a sheet whose
 * size headers lie), an oversized document.xml, and the worst each cap still lets through (a shared
 * string and a document.xml just under their caps). The peak is the child's own (VmHWM): getrusage's
 * maxRSS would start from this process's, which holds the files it built. Figures are printed, never
 * asserted.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SOURCE_LIMITS } from '../../shared/schemas/source';
import { kB, ms } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const ROOT = resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);
const MIB = 1024 * 1024;
const TARGET_RSS_BYTES = 512 * MIB;
const MB = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;

interface Reading {
  elapsedMs: number;
  maxRssBytes: number;
  outcome: string;
}

async function readInChild(format: string, file: string): Promise<Reading> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'read-file-child.ts'), 'read', format, file],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Reading;
}

export async function benchAmplification(addRow: AddRow) {
  const { hugeSharedStringXlsx, lyingSizesXlsx, oversizedDocx } = await import('../fixtures/hostile-zips');
  const { buildQuestionnaireXlsx } = await import('../fixtures/workbooks');
  const { buildQuestionnaireDocx } = await import('../fixtures/word');
  const parts = SOURCE_LIMITS.partBytes;
  // Long paragraphs: just under the document.xml cap with its node count under its limit too.
  const longQuestion = 'Describe how customer data is encrypted at rest and who holds the keys. '.repeat(3);
  const files: Array<{
    label: string;
    format: 'xlsx' | 'docx';
    build: () => Promise<Uint8Array> | Uint8Array;
  }> = [
    {
      label: 'normal: 2,000-question workbook',
      format: 'xlsx',
      build: async () => (await buildQuestionnaireXlsx({ questions: 2_000 })).bytes,
    },
    {
      label: 'normal: 400-paragraph Word questionnaire',
      format: 'docx',
      build: async () => (await buildQuestionnaireDocx({ paragraphs: 400, tableRows: 100 })).bytes,
    },
    { label: '240 MB shared string', format: 'xlsx', build: () => hugeSharedStringXlsx(240 * MIB) },
    {
      label: '240 MB shared string, headers say 4 KB',
      format: 'xlsx',
      build: () => hugeSharedStringXlsx(240 * MIB, 4096),
    },
    { label: '740 MB sheet, headers say 4 KB', format: 'xlsx', build: () => lyingSizesXlsx(740 * MIB) },
    { label: '60 MB document.xml', format: 'docx', build: () => oversizedDocx(60 * MIB) },
    {
      label: 'worst past the guard: shared string 1 MB under its cap',
      format: 'xlsx',
      build: () => hugeSharedStringXlsx(parts.sharedStrings - MIB),
    },
    {
      label: 'worst past the guard: document.xml 0.5 MB under its cap',
      format: 'docx',
      build: () => oversizedDocx(parts.document - MIB / 2, longQuestion),
    },
  ];
  const tmp = mkdtempSync(join(tmpdir(), 'workspace-bench-amplification-'));
  try {
    const readings: Array<{ label: string; size: number; reading: Reading }> = [];
    for (const [i, file] of files.entries()) {
      const bytes = await file.build();
      const path = join(tmp, `${i}.${file.format}`);
      writeFileSync(path, bytes);
      readings.push({ label: file.label, size: bytes.length, reading: await readInChild(file.format, path) });
    }
    const [normal, normalDocx, ...hostile] = readings;
    addRow(
      `  floor: reading a ${normal.label.slice(8)} (${kB(normal.size)}): peak memory`,
      MB(normal.reading.maxRssBytes),
      '',
    );
    addRow(
      `  floor: reading a ${normalDocx.label.slice(8)} (${kB(normalDocx.size)}): peak memory`,
      MB(normalDocx.reading.maxRssBytes),
      '',
    );
    for (const { label, size, reading } of hostile) {
      const outcome = reading.outcome.startsWith('refused') ? 'refused' : reading.outcome;
      addRow(
        `  ${label} (${kB(size)}): ${outcome} in ${ms(reading.elapsedMs)}, peak memory`,
        MB(reading.maxRssBytes),
        '< 512 MiB',
        reading.maxRssBytes < TARGET_RSS_BYTES,
      );
    }
    const worst = hostile.reduce((a, b) => (b.reading.maxRssBytes > a.reading.maxRssBytes ? b : a));
    addRow(
      `  worst file (${worst.label}): peak memory`,
      MB(worst.reading.maxRssBytes),
      '< 512 MiB',
      worst.reading.maxRssBytes < TARGET_RSS_BYTES,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
