/**
 * Reads a Word questionnaire (.docx) into what the document configuration screen shows: HTML whose
 * paragraphs, tables, rows and cells carry `data-node-id`, and the nodes with their text.
 *
 * The HTML is rendered from the same body walk write-back uses (docx-walk.ts), so every node id
 * names one precise paragraph or cell of the original file. (mammoth's HTML does not say which
 * element of the file each tag came from; tests use mammoth as the independent reader instead.)
 * Headings, numbering labels (numbering.xml), bold, italic and underline are kept; everything is
 * escaped, then passed through sanitize-html with a short allow-list as a second line of defence.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { strFromU8 } from 'fflate';
import sanitizeHtml from 'sanitize-html';
import { type DocumentNode, SOURCE_LIMITS } from '../../../shared/schemas/source';
import {
  cellParagraphs,
  childElements,
  paragraphText,
  parseDocumentXml,
  type Visit,
  W,
  walkBody,
} from './docx-walk';
import { type ParsedDocument, SourceFormatError } from './types';
import { openZip, REASONS } from './zip-guard';

const MAX_NODES = SOURCE_LIMITS.annotations * 4;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const child = (element: Element | undefined, name: string) =>
  element ? childElements(element).find((c) => c.namespaceURI === W && c.localName === name) : undefined;
const val = (element: Element | undefined) => element?.getAttributeNS(W, 'val') ?? undefined;

/** Word's list labels: counters per list and level, formatted as numbering.xml says. */
function numberingLabels(numberingXml: string | undefined) {
  if (!numberingXml) return () => undefined;
  const document = new DOMParser().parseFromString(numberingXml, 'text/xml');
  const abstracts = new Map<string, Map<number, { format: string; text: string; start: number }>>();
  for (const abstract of Array.from(document.getElementsByTagNameNS(W, 'abstractNum'))) {
    const levels = new Map<number, { format: string; text: string; start: number }>();
    for (const lvl of childElements(abstract).filter((c) => c.localName === 'lvl')) {
      levels.set(Number(lvl.getAttributeNS(W, 'ilvl') ?? 0), {
        format: val(child(lvl, 'numFmt')) ?? 'decimal',
        text: val(child(lvl, 'lvlText')) ?? '',
        start: Number(val(child(lvl, 'start')) ?? 1),
      });
    }
    abstracts.set(abstract.getAttributeNS(W, 'abstractNumId') ?? '', levels);
  }
  const nums = new Map<string, string>();
  for (const num of Array.from(document.getElementsByTagNameNS(W, 'num'))) {
    nums.set(num.getAttributeNS(W, 'numId') ?? '', val(child(num, 'abstractNumId')) ?? '');
  }
  const counters = new Map<string, number[]>();
  const format = (n: number, kind: string) => {
    if (kind === 'lowerLetter') return String.fromCharCode(96 + (((n - 1) % 26) + 1));
    if (kind === 'upperLetter') return String.fromCharCode(64 + (((n - 1) % 26) + 1));
    if (kind === 'lowerRoman' || kind === 'upperRoman') {
      const numerals: Array<[number, string]> = [
        [10, 'x'],
        [9, 'ix'],
        [5, 'v'],
        [4, 'iv'],
        [1, 'i'],
      ];
      let rest = n;
      let out = '';
      for (const [value, numeral] of numerals) {
        while (rest >= value) {
          out += numeral;
          rest -= value;
        }
      }
      return kind === 'upperRoman' ? out.toUpperCase() : out;
    }
    return String(n);
  };
  return (numId: string, ilvl: number): string | undefined => {
    const levels = abstracts.get(nums.get(numId) ?? '');
    const level = levels?.get(ilvl);
    if (!levels || !level || level.format === 'bullet' || level.format === 'none') return undefined;
    const key = nums.get(numId) ?? numId;
    const counts = counters.get(key) ?? [];
    counts[ilvl] = (counts[ilvl] ?? level.start - 1) + 1;
    counts.length = ilvl + 1;
    counters.set(key, counts);
    return level.text.replace(/%(\d)/g, (_, d) => {
      const i = Number(d) - 1;
      return format(counts[i] ?? levels.get(i)?.start ?? 1, levels.get(i)?.format ?? 'decimal');
    });
  };
}

/** The paragraph's runs as inline HTML (bold, italic, underline kept). */
function inlineHtml(paragraph: Element): string {
  let html = '';
  const visitRuns = (element: Element) => {
    for (const node of childElements(element)) {
      if (node.namespaceURI !== W) continue;
      if (node.localName === 'r') {
        const props = child(node, 'rPr');
        const on = (name: string) => {
          const flag = child(props, name);
          return flag !== undefined && !['0', 'false', 'none'].includes(val(flag) ?? 'true');
        };
        let text = escapeHtml(paragraphText(node)).replace(/\n/g, '<br />');
        if (!text) continue;
        if (on('b')) text = `<strong>${text}</strong>`;
        if (on('i')) text = `<em>${text}</em>`;
        if (on('u')) text = `<u>${text}</u>`;
        html += text;
      } else if (!['pPr', 'del'].includes(node.localName ?? '')) visitRuns(node);
    }
  };
  visitRuns(paragraph);
  return html;
}

/** The reader's allow-list: no `style` attribute, so sanitize-html never parses CSS (bundle-shims/postcss.ts). */
export const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'tbody',
    'tr',
    'td',
    'strong',
    'em',
    'u',
    'br',
    'span',
  ],
  allowedAttributes: { '*': ['data-node-id', 'data-row-node-id', 'class'] },
  allowedClasses: { span: ['numbering'] },
};

export async function readDocument(bytes: Uint8Array): Promise<ParsedDocument> {
  // Every part measured (word/document.xml capped), only these two kept.
  const { parts } = await openZip(
    bytes,
    'docx',
    (name) => name === 'word/document.xml' || name === 'word/numbering.xml',
  );
  const documentXml = parts.get('word/document.xml');
  const numberingXml = parts.get('word/numbering.xml');
  let body: Element;
  try {
    if (!documentXml) throw new Error('word/document.xml is missing');
    body = parseDocumentXml(strFromU8(documentXml)).body;
  } catch {
    throw new SourceFormatError(REASONS.corrupted);
  }
  const label = numberingLabels(numberingXml ? strFromU8(numberingXml) : undefined);

  const visits: Visit[] = [];
  walkBody(body, (v) => visits.push(v));
  if (visits.length > MAX_NODES) {
    throw new SourceFormatError(
      `This document is too long to configure (more than ${MAX_NODES.toLocaleString('en')} paragraphs and cells). Split it and upload the parts.`,
    );
  }
  const byParent = new Map<string | undefined, Visit[]>();
  for (const v of visits) byParent.set(v.parentId, [...(byParent.get(v.parentId) ?? []), v]);
  const nodes: DocumentNode[] = [];
  const texts = new Map<string, string>();

  const render = (v: Visit): string => {
    const kids = byParent.get(v.id) ?? [];
    if (v.kind === 'paragraph') {
      const text = paragraphText(v.element).slice(0, SOURCE_LIMITS.cellText);
      const props = child(v.element, 'pPr');
      const numPr = child(props, 'numPr');
      const numbering = numPr
        ? label(val(child(numPr, 'numId')) ?? '', Number(val(child(numPr, 'ilvl')) ?? 0))
        : undefined;
      const style = val(child(props, 'pStyle')) ?? '';
      const heading = /^heading\s?(\d)$/i.exec(style)?.[1] ?? (/^title$/i.test(style) ? '1' : undefined);
      const tag = heading && Number(heading) <= 6 ? `h${heading}` : 'p';
      texts.set(v.id, text);
      nodes.push({
        nodeId: v.id,
        kind: 'paragraph',
        text,
        parentNodeId: v.parentId,
        ...(numbering ? { numbering } : {}),
      });
      const prefix = numbering ? `<span class="numbering">${escapeHtml(numbering)}</span> ` : '';
      return `<${tag} data-node-id="${v.id}">${prefix}${inlineHtml(v.element)}</${tag}>`;
    }
    if (v.kind === 'table') {
      nodes.push({ nodeId: v.id, kind: 'table', text: '', parentNodeId: v.parentId });
      return `<table data-node-id="${v.id}"><tbody>${kids.map(render).join('')}</tbody></table>`;
    }
    if (v.kind === 'row') {
      const index = nodes.length;
      nodes.push({ nodeId: v.id, kind: 'row', text: '', parentNodeId: v.parentId });
      const html = `<tr data-node-id="${v.id}">${kids.map(render).join('')}</tr>`;
      nodes[index].text = kids.map((k) => texts.get(k.id) ?? '').join(' | ');
      return html;
    }
    const index = nodes.length;
    nodes.push({
      nodeId: v.id,
      kind: 'cell',
      text: '',
      parentNodeId: v.parentId,
      rowNodeId: v.rowId,
      columnNumber: v.columnNumber,
    });
    const html = `<td data-node-id="${v.id}" data-row-node-id="${v.rowId}">${kids.map(render).join('')}</td>`;
    const text = cellParagraphs(v.element)
      .map(paragraphText)
      .join('\n')
      .trim()
      .slice(0, SOURCE_LIMITS.cellText);
    nodes[index].text = text;
    texts.set(v.id, text);
    return html;
  };

  const html = (byParent.get(undefined) ?? []).map(render).join('\n');
  if (!nodes.some((n) => n.text.trim())) throw new SourceFormatError(REASONS.empty);
  return { html: sanitizeHtml(html, SANITISE), nodes };
}
