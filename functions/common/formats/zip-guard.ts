/**
 * Office files (.xlsx, .docx) are zips. Before any reader (exceljs, xmldom) touches one, every
 * part is inflated here once through a streaming byte counter, keeping nothing it was not asked
 * for, and the file is refused as soon as a part passes its cap (SOURCE_LIMITS.partBytes) or the
 * parts together pass SOURCE_LIMITS.inflatedBytes. No declared size is trusted: the central
 * directory is read here (not by a library that sizes its buffers by it), a part is measured by
 * what it inflates to, and a part that inflates to another size than its header says is refused
 * as damaged (exceljs's zip reader would refuse it too, after inflating it whole). The file is also
 * refused when it is corrupted or lacks its main part. A macro-enabled workbook (.xlsm) is read as
 * the workbook it is: its VBA project (xl/vbaProject.bin) is never run, only copied byte for byte.
 */
import { createInflateRaw } from 'node:zlib';
import { SOURCE_LIMITS, type SourceFormat } from '../../../shared/schemas/values';
import { SourceFormatError } from './types';

const MAIN_PART = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml' } as const;
/** Text XML compresses well, but not a thousand-fold; a bomb does. */
const MAX_RATIO = 1000;
const MIB = 1024 * 1024;
const mb = (bytes: number) => bytes / MIB;
const PARTS = SOURCE_LIMITS.partBytes;

export const REASONS = {
  corrupted:
    'This file is damaged or is not a real Office file. Open it in Excel or Word, save it again and upload it.',
  tooBig: `This file would expand to more than ${mb(SOURCE_LIMITS.inflatedBytes)} MB when opened. We can't import it.`,
  sharedStringsTooBig: `The text of this workbook would expand to more than ${mb(PARTS.sharedStrings)} MB when opened. Remove what is not part of the questionnaire, or split it into smaller files, and upload it again.`,
  worksheetTooBig: `A sheet of this workbook would expand to more than ${mb(PARTS.worksheet)} MB when opened. Split it into smaller files and upload them one by one.`,
  documentTooBig: `The text of this document would expand to more than ${mb(PARTS.document)} MB when opened. Split it and upload the parts.`,
  documentTooComplex:
    'This document is too long or too complex to configure. Split it into smaller documents and upload them one by one.',
  mergesTooBig: `This workbook merges more than ${SOURCE_LIMITS.mergedCells.toLocaleString('en')} cells (a merge over whole rows or columns). Unmerge them in Excel, save the file and upload it again.`,
  partTooBig: `A part of this file (an image or another embedded object) would expand to more than ${mb(PARTS.other)} MB when opened. Remove it, save the file again and upload it.`,
  protectedOrLegacy:
    'This file is password-protected or saved in the older .xls/.doc format. Remove the password or save it as .xlsx/.docx and upload it again.',
  empty: 'This file is empty.',
  binaryCsv:
    'This file is not a text CSV file. Export the sheet as CSV (or upload the .xlsx workbook) and try again.',
  pdf: 'This is a PDF. We can import .xlsx and .csv spreadsheets and .docx Word documents.',
  generic:
    'This file is not a supported format. We can import .xlsx and .csv spreadsheets and .docx Word documents.',
} as const;

const wrongKind = (expect: 'xlsx' | 'docx') =>
  expect === 'xlsx'
    ? 'This file is not an Excel workbook. Save it as .xlsx and upload it again.'
    : 'This file is not a Word document. Save it as .docx and upload it again.';

const corrupted = () => new SourceFormatError(REASONS.corrupted);

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (nothing else is an Office file). */
  method: number;
  /** The sizes the central directory declares: never used to size anything. */
  size: number;
  originalSize: number;
  /** Where the part's data starts, and the furthest it may reach (declared end, bounded by the directory). */
  dataStart: number;
  dataEnd: number;
}

const SIG = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  end64: 0x06064b50,
  locator64: 0x07064b50,
};

/**
 * The entries of the zip's central directory with where each part's data lies, read without
 * inflating anything (Zip64 included). Anything out of place is a damaged file.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;
  const within = (at: number, length: number) => at >= 0 && at + length <= bytes.length;
  try {
    let end = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
      if (u32(at) === SIG.end) {
        end = at;
        break;
      }
    }
    if (end < 0) throw corrupted();
    let count = u16(end + 10);
    let directorySize = u32(end + 12);
    let directory = u32(end + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directory === 0xffffffff) {
      const locator = end - 20;
      if (!within(locator, 20) || u32(locator) !== SIG.locator64) throw corrupted();
      const end64 = u64(locator + 8);
      if (!within(end64, 56) || u32(end64) !== SIG.end64) throw corrupted();
      count = u64(end64 + 32);
      directorySize = u64(end64 + 40);
      directory = u64(end64 + 48);
    }
    if (!within(directory, directorySize) || count > directorySize / 46) throw corrupted();
    const entries: ZipEntry[] = [];
    const decoder = new TextDecoder('utf-8');
    let at = directory;
    for (let i = 0; i < count; i++) {
      if (!within(at, 46) || u32(at) !== SIG.central) throw corrupted();
      const flags = u16(at + 8);
      const method = u16(at + 10);
      let size = u32(at + 20);
      let originalSize = u32(at + 24);
      const nameLength = u16(at + 28);
      const extraLength = u16(at + 30);
      const commentLength = u16(at + 32);
      let local = u32(at + 42);
      if (!within(at + 46, nameLength + extraLength + commentLength)) throw corrupted();
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      // Zip64: the fields set to 0xffffffff follow in the extra field 0x0001, in this order.
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; ) {
        const id = u16(x);
        const length = u16(x + 2);
        if (id === 1) {
          let field = x + 4;
          const next = () => {
            if (field + 8 > x + 4 + length) throw corrupted();
            const value = u64(field);
            field += 8;
            return value;
          };
          if (originalSize === 0xffffffff) originalSize = next();
          if (size === 0xffffffff) size = next();
          if (local === 0xffffffff) local = next();
        }
        x += 4 + length;
      }
      at += 46 + nameLength + extraLength + commentLength;
      // An encrypted part (bit 0) is not something Office writes into an .xlsx or .docx.
      if (flags & 1) throw corrupted();
      if (!within(local, 30) || local + 30 > directory || u32(local) !== SIG.local) throw corrupted();
      const dataStart = local + 30 + u16(local + 26) + u16(local + 28);
      if (dataStart > directory) throw corrupted();
      entries.push({
        name,
        method,
        size,
        originalSize,
        dataStart,
        dataEnd: Math.min(dataStart + size, directory),
      });
    }
    return entries;
  } catch (error) {
    if (error instanceof SourceFormatError) throw error;
    // A read past the end of the bytes (RangeError): damaged.
    throw corrupted();
  }
}

type PartKind = keyof typeof PARTS;

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** A merged range of a worksheet's XML: `<mergeCell ref="B6:B10"/>`. */
const MERGE_CELL = /<mergeCell\s+ref="\$?([A-Z]{1,3})\$?(\d{1,7}):\$?([A-Z]{1,3})\$?(\d{1,7})"/g;
/** Longer than any `<mergeCell ref="…"` opening, so one split between two chunks is seen whole. */
const MERGE_CARRY = 64;
const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * Counts the cells a worksheet's merged ranges cover, chunk by chunk as the part inflates, without
 * keeping the part: each range is counted once, in the chunk where it ends.
 */
function mergedCellCounter() {
  let carry = '';
  let total = 0;
  return {
    add(chunk: Uint8Array) {
      const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      for (const m of text.matchAll(MERGE_CELL)) {
        if (m.index + m[0].length <= carry.length) continue; // counted with the previous chunk
        const rows = Math.abs(Number(m[4]) - Number(m[2])) + 1;
        const columns = Math.abs(columnNumber(m[3]) - columnNumber(m[1])) + 1;
        total += rows * columns;
      }
      carry = text.slice(-MERGE_CARRY);
      return total;
    },
  };
}

function partKind(name: string, expect: 'xlsx' | 'docx'): PartKind {
  if (expect === 'xlsx' && name === 'xl/sharedStrings.xml') return 'sharedStrings';
  if (expect === 'xlsx' && WORKSHEET.test(name)) return 'worksheet';
  if (expect === 'docx' && name === MAIN_PART.docx) return 'document';
  return 'other';
}

const TOO_BIG: Record<PartKind, string> = {
  sharedStrings: REASONS.sharedStringsTooBig,
  worksheet: REASONS.worksheetTooBig,
  document: REASONS.documentTooBig,
  other: REASONS.partTooBig,
};

/** Output produced per step of the inflater: how far a part can pass its cap before it is stopped. */
const STEP_BYTES = 256 * 1024;

/** Where the markup counter of word/document.xml is: text, after '<', inside a tag, inside another construct. */
const TEXT = 0;
const LT = 1;
const TAG = 2;
const OTHER = 3;

/**
 * Inflates one part through a byte counter, handing each chunk to `onChunk`: stops inflating
 * (and refuses the file) the moment the count passes `cap`, or `onChunk` throws. Resolves with the
 * part's real inflated size.
 */
function inflatePart(
  bytes: Uint8Array,
  entry: ZipEntry,
  cap: { bytes: number; reason: string },
  onChunk: (chunk: Uint8Array) => void,
): Promise<number> {
  const input = bytes.subarray(entry.dataStart, entry.dataEnd);
  if (entry.method === 0) {
    if (input.length > cap.bytes) return Promise.reject(new SourceFormatError(cap.reason));
    onChunk(input);
    return Promise.resolve(input.length);
  }
  if (entry.method !== 8) return Promise.reject(corrupted());
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: STEP_BYTES });
    let total = 0;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      reject(error instanceof SourceFormatError ? error : corrupted());
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > cap.bytes) return fail(new SourceFormatError(cap.reason));
      try {
        onChunk(chunk);
      } catch (error) {
        fail(error);
      }
    });
    inflater.on('error', fail);
    inflater.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(total);
    });
    // Bytes after the end of the part's deflate stream are ignored by zlib.
    inflater.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  });
}

export interface ZipContents {
  /** The parts asked for, whole. */
  parts: Map<string, Uint8Array>;
  /** Worksheets and cell elements (xlsx), counted on the raw XML before a reader builds its model. */
  sheets: number;
  cellElements: number;
  /** Elements and attributes of word/document.xml (docx), counted before a DOM is built of it. */
  documentNodes: number;
}

/**
 * Checks a zip as `expect` (see the file's comment) and returns the parts `keep` names, inflating
 * each part once; at most one step of output past a cap is ever produced.
 */
export async function openZip(
  bytes: Uint8Array,
  expect: 'xlsx' | 'docx',
  keep: (name: string) => boolean = () => false,
): Promise<ZipContents> {
  if (bytes.length === 0) throw new SourceFormatError(REASONS.empty);
  const entries = zipEntries(bytes);
  if (entries.length === 0) throw corrupted();
  // What the headers declare can only refuse a file early, never let one through.
  const declared = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (declared > SOURCE_LIMITS.inflatedBytes) throw new SourceFormatError(REASONS.tooBig);
  if (entries.some((e) => e.originalSize > 10 * MIB && e.originalSize > e.size * MAX_RATIO)) {
    throw new SourceFormatError(REASONS.tooBig);
  }
  const names = new Set(entries.map((e) => e.name));
  if (!names.has(MAIN_PART[expect])) {
    const other = expect === 'xlsx' ? 'docx' : 'xlsx';
    throw new SourceFormatError(names.has(MAIN_PART[other]) ? wrongKind(expect) : REASONS.corrupted);
  }

  const parts = new Map<string, Uint8Array>();
  let inflated = 0;
  let sheets = 0;
  let cellElements = 0;
  let documentNodes = 0;
  let mergedCells = 0;
  for (const entry of entries) {
    const kind = partKind(entry.name, expect);
    const kept: Uint8Array[] = [];
    const keeping = keep(entry.name);
    // '<c ' or '<c>' opens a cell element ('<col', '<cfRule' and the like do not match).
    let state = 0;
    const worksheet = kind === 'worksheet';
    const document = kind === 'document';
    // A DOM takes about two kilobytes per node: elements and attributes are counted before one is built.
    let markup = TEXT;
    let quote = 0;
    if (worksheet) sheets++;
    const merges = worksheet ? mergedCellCounter() : undefined;
    const mergedBefore = mergedCells;
    const size = await inflatePart(bytes, entry, { bytes: PARTS[kind], reason: TOO_BIG[kind] }, (chunk) => {
      inflated += chunk.length;
      if (inflated > SOURCE_LIMITS.inflatedBytes) throw new SourceFormatError(REASONS.tooBig);
      if (keeping) kept.push(chunk);
      if (worksheet) {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          if (state === 2 && (b === 0x20 || b === 0x3e)) cellElements++;
          state = b === 0x3c ? 1 : state === 1 && b === 0x63 ? 2 : 0;
        }
        mergedCells = mergedBefore + merges!.add(chunk);
        if (mergedCells > SOURCE_LIMITS.mergedCells) throw new SourceFormatError(REASONS.mergesTooBig);
      } else if (document) {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          if (markup === TEXT) {
            if (b === 0x3c) markup = LT;
          } else if (markup === LT) {
            // '</', '<?' and '<!' open no element; anything else does.
            markup = b === 0x2f || b === 0x3f || b === 0x21 ? OTHER : TAG;
            if (markup === TAG && ++documentNodes > SOURCE_LIMITS.documentNodes)
              throw new SourceFormatError(REASONS.documentTooComplex);
          } else if (markup === TAG) {
            if (quote !== 0) {
              if (b === quote) quote = 0;
            } else if (b === 0x22 || b === 0x27) quote = b;
            else if (b === 0x3e) markup = TEXT;
            // An attribute (its '=' outside quotes) is a node of the DOM too.
            else if (b === 0x3d && ++documentNodes > SOURCE_LIMITS.documentNodes)
              throw new SourceFormatError(REASONS.documentTooComplex);
          } else if (b === 0x3e) markup = TEXT;
        }
      }
    });
    // A header that lies about the size is a damaged (or hostile) file.
    if (size !== entry.originalSize) throw corrupted();
    if (keeping) parts.set(entry.name, new Uint8Array(Buffer.concat(kept)));
  }
  return { parts, sheets, cellElements, documentNodes };
}

/** Checks a zip as `expect` without keeping any part. */
export async function checkZip(bytes: Uint8Array, expect: 'xlsx' | 'docx'): Promise<ZipContents> {
  return openZip(bytes, expect);
}

/** Every part of a checked zip, by name (for write-back, which rewrites some and zips them all again). */
export async function unzipChecked(
  bytes: Uint8Array,
  expect: 'xlsx' | 'docx',
): Promise<Record<string, Uint8Array>> {
  return Object.fromEntries((await openZip(bytes, expect, () => true)).parts);
}

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/**
 * Why bytes the upload check refused are not the claimed format, in words a user can act on (pass
 * the whole file: a zip's directory is at its end).
 */
export function explainUnreadable(head: Uint8Array, format: SourceFormat): string {
  if (head.length === 0) return REASONS.empty;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return REASONS.protectedOrLegacy;
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return REASONS.pdf;
  if (format === 'csv') return REASONS.binaryCsv;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip, but not the claimed Office file (e.g. a .docx named .xlsx).
    try {
      zipEntries(head);
    } catch {
      return REASONS.corrupted;
    }
    return wrongKind(format);
  }
  return REASONS.generic;
}
