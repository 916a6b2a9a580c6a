/**
 * Reads a Word questionnaire (.docx) into what the document configuration screen shows: HTML whose
 * paragraphs, tables, rows and cells carry `data-node-id`, and the nodes with their text.
 *
 * The HTML is rendered from the same body walk write-back uses (docx-walk.ts), so every node id
 * names one precise paragraph or cell of the original file. (mammoth's HTML does not say which
 * element of the file each tag came from; tests use mammoth as the independent reader instead.)
 * Headings, numbering labels (numbering.xml), bold, italic and underline are kept. The HTML is
 * safe by construction: its tags and attributes are this module's own (node ids it makes), and
 * every text from the file is escaped (a property test holds the output to a short allow-list);
 * the one screen that shows it passes it through DOMPurify as well.
 */
import { strFromU8 } from 'fflate';
import type { DocumentNode } from '../../../shared/schemas/source';
import { SOURCE_LIMITS } from '../../../shared/schemas/values';
import { cellParagraphs, childElements, paragraphText, type Visit, W, walkBody } from './docx-walk';
import { type ParsedDocument, SourceFormatError } from './types';
import { type XmlElement as Element, parseXml } from './xml-tree';
import { openZip, REASONS } from './zip-guard';

const MAX_NODES = SOURCE_LIMITS.annotations * 4;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const child = (element: Element | undefined, name: string) =>
  element ? childElements(element).find((c) => c.namespaceURI === W && c.localName === name) : undefined;
const val = (element: Element | undefined) => element?.getAttributeNS(W, 'val') ?? undefined;

interface Level {
  format: string;
  text: string;
  start: number;
  /** Legal numbering: every level shown in decimal (1.1.1 under i., a.). */
  legal: boolean;
}

/** A counter in one of Word's number formats (bullet and none have no number). */
function formatNumber(n: number, kind: string): string {
  if (kind === 'lowerLetter' || kind === 'upperLetter') {
    // Word goes a … z, aa … zz, aaa …
    const letter = String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);
    return kind === 'upperLetter' ? letter.toUpperCase() : letter;
  }
  if (kind === 'lowerRoman' || kind === 'upperRoman') {
    const numerals: Array<[number, string]> = [
      [1000, 'm'],
      [900, 'cm'],
      [500, 'd'],
      [400, 'cd'],
      [100, 'c'],
      [90, 'xc'],
      [50, 'l'],
      [40, 'xl'],
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
  if (kind === 'decimalZero') return String(n).padStart(2, '0');
  return String(n);
}

const NO_NUMBER = new Set(['bullet', 'none']);

function levelsOf(container: Element) {
  const levels = new Map<number, Level>();
  for (const lvl of childElements(container).filter((c) => c.localName === 'lvl')) {
    levels.set(Number(lvl.getAttributeNS(W, 'ilvl') ?? 0), {
      format: val(child(lvl, 'numFmt')) ?? 'decimal',
      text: val(child(lvl, 'lvlText')) ?? '',
      start: Number(val(child(lvl, 'start')) ?? 1),
      legal: child(lvl, 'isLgl') !== undefined && !['0', 'false'].includes(val(child(lvl, 'isLgl')) ?? ''),
    });
  }
  return levels;
}

/**
 * Word's list labels, counted as Word counts them: one counter per abstract list and level (lists
 * that share an abstract list continue each other's numbers), a level's counter restarting when a
 * higher level moves on, a list's `startOverride` restarting it where it is first used, and a level
 * of the list itself (`lvlOverride`) replacing the abstract one, a list style's users
 * (`numStyleLink`) numbered by the list that defines it (`styleLink`). Gives the label Word shows
 * (`lvlText`: '1.', '1.1', 'a.') and the full number with every level ('3.a', '1.1.2'), bullets
 * having neither.
 */
function numberingLabels(numberingXml: string | undefined) {
  if (!numberingXml) return () => undefined;
  const document = parseXml(numberingXml);
  const abstracts = new Map<string, Map<number, Level>>();
  // A list style: the abstract list that defines it (styleLink) and those that use it (numStyleLink).
  const styleDefinitions = new Map<string, string>();
  const styleUses = new Map<string, string>();
  for (const abstract of Array.from(document.getElementsByTagNameNS(W, 'abstractNum'))) {
    const id = abstract.getAttributeNS(W, 'abstractNumId') ?? '';
    abstracts.set(id, levelsOf(abstract));
    const defines = val(child(abstract, 'styleLink'));
    const uses = val(child(abstract, 'numStyleLink'));
    if (defines) styleDefinitions.set(defines, id);
    if (uses) styleUses.set(id, uses);
  }
  const resolved = (abstractId: string) => {
    const style = styleUses.get(abstractId);
    const definition = style ? styleDefinitions.get(style) : undefined;
    return definition && !abstracts.get(abstractId)?.size ? definition : abstractId;
  };
  const nums = new Map<
    string,
    { abstractId: string; starts: Map<number, number>; levels: Map<number, Level> }
  >();
  for (const num of Array.from(document.getElementsByTagNameNS(W, 'num'))) {
    const starts = new Map<number, number>();
    const levels = new Map<number, Level>();
    for (const override of childElements(num).filter((c) => c.localName === 'lvlOverride')) {
      const ilvl = Number(override.getAttributeNS(W, 'ilvl') ?? 0);
      const start = val(child(override, 'startOverride'));
      if (start !== undefined) starts.set(ilvl, Number(start));
      for (const [i, level] of levelsOf(override)) if (i === ilvl) levels.set(i, level);
    }
    nums.set(num.getAttributeNS(W, 'numId') ?? '', {
      abstractId: resolved(val(child(num, 'abstractNumId')) ?? ''),
      starts,
      levels,
    });
  }
  const counters = new Map<string, number[]>();
  const started = new Set<string>();
  return (numId: string, ilvl: number): { label: string; reference: string } | undefined => {
    const num = nums.get(numId);
    const abstract = num ? abstracts.get(num.abstractId) : undefined;
    if (!num || !abstract) return undefined;
    const levelAt = (i: number) => num.levels.get(i) ?? abstract.get(i);
    const level = levelAt(ilvl);
    if (!level) return undefined;
    const counts = counters.get(num.abstractId) ?? [];
    if (!started.has(numId)) {
      started.add(numId);
      for (const [i, start] of num.starts) {
        counts[i] = start - 1;
        if (counts.length > i + 1) counts.length = i + 1;
      }
    }
    counts[ilvl] = (counts[ilvl] ?? level.start - 1) + 1;
    counts.length = ilvl + 1;
    counters.set(num.abstractId, counts);
    if (NO_NUMBER.has(level.format)) return undefined;
    const shown = (i: number) => {
      const at = levelAt(i);
      return formatNumber(counts[i] ?? at?.start ?? 1, level.legal ? 'decimal' : (at?.format ?? 'decimal'));
    };
    const label = level.text.replace(/%(\d)/g, (_, d) => shown(Number(d) - 1)).trim();
    const reference = Array.from({ length: ilvl + 1 }, (_, i) => i)
      .filter((i) => !NO_NUMBER.has(levelAt(i)?.format ?? 'decimal') && counts[i] !== undefined)
      .map(shown)
      .join('.');
    return label || reference ? { label, reference } : undefined;
  };
}

interface ParagraphStyle {
  headingLevel?: number;
  numId?: string;
  ilvl?: number;
}

/**
 * What paragraph styles (word/styles.xml) give their paragraphs, each from the style itself or
 * the one it is based on: a heading level (a style named "heading N", or with an outline level;
 * a document's Title is not a section) and list numbering ("List Number", numbered headings).
 */
function paragraphStyles(stylesXml: string | undefined): Map<string, ParagraphStyle> {
  const out = new Map<string, ParagraphStyle>();
  if (!stylesXml) return out;
  const document = parseXml(stylesXml);
  const own = new Map<string, ParagraphStyle & { basedOn?: string }>();
  for (const style of Array.from(document.getElementsByTagNameNS(W, 'style'))) {
    if (style.getAttributeNS(W, 'type') !== 'paragraph') continue;
    const id = style.getAttributeNS(W, 'styleId') ?? '';
    const name = val(child(style, 'name')) ?? '';
    const props = child(style, 'pPr');
    const outline = val(child(props, 'outlineLvl'));
    const named = /^heading\s?(\d)$/i.exec(name)?.[1];
    const numPr = child(props, 'numPr');
    const ilvl = val(child(numPr, 'ilvl'));
    own.set(id, {
      headingLevel:
        outline !== undefined && Number(outline) < 9
          ? Number(outline) + 1
          : named
            ? Number(named)
            : undefined,
      numId: val(child(numPr, 'numId')),
      ilvl: ilvl === undefined ? undefined : Number(ilvl),
      basedOn: val(child(style, 'basedOn')),
    });
  }
  for (const id of own.keys()) {
    const resolved: ParagraphStyle = {};
    let at: string | undefined = id;
    for (let depth = 0; at && depth < 10; depth++) {
      const style = own.get(at);
      resolved.headingLevel ??= style?.headingLevel;
      resolved.numId ??= style?.numId;
      resolved.ilvl ??= style?.ilvl;
      at = style?.basedOn;
    }
    out.set(id, resolved);
  }
  return out;
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

export async function readDocument(bytes: Uint8Array): Promise<ParsedDocument> {
  // Every part measured (word/document.xml capped), only these two kept.
  const { parts } = await openZip(
    bytes,
    'docx',
    (name) => name === 'word/document.xml' || name === 'word/numbering.xml' || name === 'word/styles.xml',
  );
  const documentXml = parts.get('word/document.xml');
  const numberingXml = parts.get('word/numbering.xml');
  let body: Element;
  try {
    if (!documentXml) throw new Error('word/document.xml is missing');
    const found = parseXml(strFromU8(documentXml)).getElementsByTagNameNS(W, 'body')[0];
    if (!found) throw new Error('word/document.xml has no body');
    body = found;
  } catch {
    throw new SourceFormatError(REASONS.corrupted);
  }
  // Numbering and styles only add to the text: a part that cannot be read is read as absent.
  const optional = <T>(read: (xml: string | undefined) => T, part: Uint8Array | undefined): T => {
    try {
      return read(part ? strFromU8(part) : undefined);
    } catch {
      return read(undefined);
    }
  };
  const label = optional(numberingLabels, numberingXml);
  const styles = optional(paragraphStyles, parts.get('word/styles.xml'));

  const visits: Visit<Element>[] = [];
  walkBody(body, (v) => visits.push(v));
  if (visits.length > MAX_NODES) {
    throw new SourceFormatError(
      `This document is too long to configure (more than ${MAX_NODES.toLocaleString('en')} paragraphs and cells). Split it and upload the parts.`,
    );
  }
  const byParent = new Map<string | undefined, Visit<Element>[]>();
  for (const v of visits) byParent.set(v.parentId, [...(byParent.get(v.parentId) ?? []), v]);
  const nodes: DocumentNode[] = [];
  const texts = new Map<string, string>();

  const render = (v: Visit<Element>): string => {
    const kids = byParent.get(v.id) ?? [];
    if (v.kind === 'paragraph') {
      const text = paragraphText(v.element).slice(0, SOURCE_LIMITS.cellText);
      const props = child(v.element, 'pPr');
      const numPr = child(props, 'numPr');
      const style = val(child(props, 'pStyle')) ?? '';
      const styled = styles.get(style);
      // The paragraph's own list, or its style's (numId 0 takes the style's numbering off).
      const numId = val(child(numPr, 'numId')) ?? styled?.numId;
      const numbered =
        numId && numId !== '0'
          ? label(numId, Number(val(child(numPr, 'ilvl')) ?? styled?.ilvl ?? 0))
          : undefined;
      const outline = val(child(props, 'outlineLvl'));
      const headingLevel =
        outline !== undefined && Number(outline) < 9
          ? Number(outline) + 1
          : (styled?.headingLevel ?? Number(/^heading\s?(\d)$/i.exec(style)?.[1] ?? 0));
      const shownLevel = headingLevel || (/^title$/i.test(style) ? 1 : 0);
      const tag = shownLevel && shownLevel <= 6 ? `h${shownLevel}` : 'p';
      texts.set(v.id, text);
      nodes.push({
        nodeId: v.id,
        kind: 'paragraph',
        text,
        parentNodeId: v.parentId,
        ...(numbered?.label ? { numbering: numbered.label } : {}),
        ...(numbered?.reference ? { reference: numbered.reference } : {}),
        ...(numbered && numId ? { list: numId } : {}),
        ...(headingLevel && text.trim() ? { headingLevel } : {}),
      });
      const prefix = numbered?.label ? `<span class="numbering">${escapeHtml(numbered.label)}</span> ` : '';
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
  return { html, nodes };
}
