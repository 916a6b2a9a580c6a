/**
 * The demo's question bank: the CC0 answer bank in ./plainanswer-answers (see ./README.md), one
 * markdown file per section (`# Section`, then `### question` and its answer, entries separated by
 * `---`). Each answer opens with its position in bold (**Yes.**, **No.**, **Partial.**, **Info.**);
 * the `*Also asked as …*` line and the `>` notes to the writer are not part of the answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_DIR = join(import.meta.dirname, 'plainanswer-answers');

export const POSITIONS = ['Yes', 'No', 'Partial', 'Info'] as const;
export type Position = (typeof POSITIONS)[number];

export interface CorpusQuestion {
  /** "4.2": section number and place in the section. */
  reference: string;
  question: string;
  /** The answer as plain text: paragraphs separated by a blank line, markdown emphasis removed. */
  answer: string;
  position: Position | null;
}

export interface CorpusSection {
  number: number;
  title: string;
  questions: CorpusQuestion[];
}

/** Markdown emphasis, code spans and links as the plain text a questionnaire cell holds. */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1');

/** A block's lines as paragraphs, each unwrapped onto one line (table rows keep their own lines). */
function paragraphs(lines: string[]): string[] {
  const result: string[] = [];
  let current = '';
  const flush = () => {
    if (current) result.push(current);
    current = '';
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') flush();
    else current = current ? `${current}${line.startsWith('|') ? '\n' : ' '}${line}` : line;
  }
  flush();
  return result;
}

/** A paragraph wholly in italics is a note to the writer ("Also asked as: …"), not answer text. */
const isNote = (paragraph: string) => /^\*[^*]/.test(paragraph) && paragraph.endsWith('*');

function parseEntry(heading: string, body: string[], reference: string): CorpusQuestion {
  const answerParagraphs = paragraphs(body.filter((line) => !line.trim().startsWith('>'))).filter(
    (p) => !isNote(p),
  );
  const first = answerParagraphs[0] ?? '';
  const position = POSITIONS.find((p) => new RegExp(`^\\*\\*${p}\\b`).test(first)) ?? null;
  return {
    reference,
    question: plain(heading).trim(),
    answer: answerParagraphs.map(plain).join('\n\n').trim(),
    position,
  };
}

/** One section file: its title (the `#` heading) and its questions in order. */
export function parseSection(markdown: string, number: number): CorpusSection {
  const lines = markdown.split(/\r?\n/);
  const title = (lines.find((l) => l.startsWith('# ')) ?? '').slice(2).trim();
  const questions: CorpusQuestion[] = [];
  let heading: string | null = null;
  let body: string[] = [];
  const flush = () => {
    if (heading !== null) questions.push(parseEntry(heading, body, `${number}.${questions.length + 1}`));
    heading = null;
    body = [];
  };
  for (const line of lines) {
    if (line.startsWith('### ')) {
      flush();
      heading = line.slice(4);
    } else if (/^-{3,}\s*$/.test(line)) flush();
    else if (heading !== null) body.push(line);
  }
  flush();
  return { number, title, questions };
}

/** Every section of the bank, in file order (01-…md to 11-…md). */
export function loadCorpus(dir = CORPUS_DIR): CorpusSection[] {
  return readdirSync(dir)
    .filter((name) => /^\d+-.+\.md$/.test(name))
    .sort()
    .map((name) => parseSection(readFileSync(join(dir, name), 'utf8'), Number.parseInt(name, 10)));
}
