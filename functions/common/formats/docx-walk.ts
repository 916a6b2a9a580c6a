/**
 * The one walk over a Word document's body that reading and write-back share, so a node id names
 * the same paragraph or table cell both times:
 *
 * - `p<n>`: the n-th paragraph of the body (0-based, counting body paragraphs only);
 * - `t<n>`: the n-th table of the body; `t<n>.r<r>` its r-th row; `t<n>.r<r>.c<c>` a cell;
 * - `<cell>.p<k>`: the k-th paragraph in a cell; `<cell>.t<m>...`: a table nested in a cell.
 *
 * Content controls (w:sdt), custom XML and inserted revisions are transparent containers; deleted
 * revisions are skipped. Headers, footers, footnotes and text boxes are not part of the body walk.
 */
import { isSymbolFont, shownBox, symbolBox } from './symbol-boxes';

export const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * The DOM members the walk reads. The reader's tree (xml-tree.ts) and write-back's DOM (xmldom,
 * which it edits) both have them, so the walk and the text rules are one code for both.
 */
export interface WordElement {
  readonly nodeType: number;
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  readonly parentNode: unknown;
  readonly childNodes: ArrayLike<unknown>;
  readonly textContent: string | null;
  getAttributeNS(namespaceURI: string | null, localName: string): string | null;
}

export type Visit<E extends WordElement = WordElement> =
  | { kind: 'paragraph'; id: string; element: E; parentId?: string }
  | { kind: 'table'; id: string; element: E; parentId?: string }
  | { kind: 'row'; id: string; element: E; parentId: string }
  | { kind: 'cell'; id: string; element: E; parentId: string; rowId: string; columnNumber: number };

const TRANSPARENT = new Set(['sdt', 'sdtContent', 'customXml', 'ins', 'smartTag']);

const children = <E extends WordElement>(element: E): E[] =>
  Array.from(element.childNodes).filter((n) => (n as WordElement).nodeType === 1) as E[];

/** The block-level children of a container, looking through transparent wrappers. */
function blocks<E extends WordElement>(element: E, wanted: Set<string>): E[] {
  const out: E[] = [];
  for (const child of children(element)) {
    if (child.namespaceURI !== W) continue;
    if (wanted.has(child.localName ?? '')) out.push(child);
    else if (TRANSPARENT.has(child.localName ?? '')) out.push(...blocks(child, wanted));
  }
  return out;
}

const BODY_BLOCKS = new Set(['p', 'tbl']);

function walkContainer<E extends WordElement>(
  container: E,
  prefix: string,
  parentId: string | undefined,
  visit: (v: Visit<E>) => void,
) {
  let paragraphs = 0;
  let tables = 0;
  for (const block of blocks(container, BODY_BLOCKS)) {
    if (block.localName === 'p') {
      visit({ kind: 'paragraph', id: `${prefix}p${paragraphs++}`, element: block, parentId });
      continue;
    }
    const tableId = `${prefix}t${tables++}`;
    visit({ kind: 'table', id: tableId, element: block, parentId });
    blocks(block, new Set(['tr'])).forEach((row, r) => {
      const rowId = `${tableId}.r${r}`;
      visit({ kind: 'row', id: rowId, element: row, parentId: tableId });
      blocks(row, new Set(['tc'])).forEach((cell, c) => {
        const cellId = `${rowId}.c${c}`;
        visit({ kind: 'cell', id: cellId, element: cell, parentId: rowId, rowId, columnNumber: c + 1 });
        walkContainer(cell, `${cellId}.`, cellId, visit);
      });
    });
  }
}

export function walkBody<E extends WordElement>(body: E, visit: (v: Visit<E>) => void) {
  walkContainer(body, '', undefined, visit);
}

/** A content control showing its placeholder ("Click or tap here to enter text."): nothing typed yet. */
export function showsPlaceholder(sdt: WordElement): boolean {
  const props = children(sdt).find((c) => c.namespaceURI === W && c.localName === 'sdtPr');
  const flag = props && children(props).find((c) => c.namespaceURI === W && c.localName === 'showingPlcHdr');
  return flag !== undefined && !['0', 'false'].includes(flag.getAttributeNS(W, 'val') ?? '');
}

/** The content control around a paragraph that shows its placeholder, if any. */
export function placeholderAround<E extends WordElement>(paragraph: E): E | undefined {
  const content = paragraph.parentNode as E | null;
  const sdt = content?.parentNode as E | null;
  return content?.localName === 'sdtContent' && sdt?.localName === 'sdt' && showsPlaceholder(sdt)
    ? sdt
    : undefined;
}

const named = <E extends WordElement>(element: E | undefined, name: string) =>
  element ? children(element).find((c) => c.namespaceURI === W && c.localName === name) : undefined;

/** A legacy form field's checkbox (FORMCHECKBOX): the w:checkBox of a field's begin character. */
export const formCheckbox = <E extends WordElement>(fldChar: E) =>
  named(named(fldChar, 'ffData'), 'checkBox');

/** Whether a form checkbox is ticked: its w:checked, else its w:default. */
export function boxChecked(checkBox: WordElement): boolean {
  const on = (element: WordElement | undefined) =>
    element !== undefined && !['0', 'false', 'off'].includes(element.getAttributeNS(W, 'val') ?? '1');
  const checked = named(checkBox, 'checked');
  return checked ? on(checked) : on(named(checkBox, 'default'));
}

/** The font a run's text is drawn in (its own rFonts; a style's font is not looked up). */
export function runFont(run: WordElement | null): string | undefined {
  if (run?.localName !== 'r') return undefined;
  const fonts = named(named(run, 'rPr'), 'rFonts');
  if (!fonts) return undefined;
  for (const slot of ['ascii', 'hAnsi', 'cs', 'eastAsia']) {
    const font = fonts.getAttributeNS(W, slot);
    if (font) return font;
  }
  return undefined;
}

/** A `w:sym`'s character code (hexadecimal in w:char). */
export const symbolCode = (sym: WordElement) => Number.parseInt(sym.getAttributeNS(W, 'char') ?? '', 16);

/** A text element's text, boxes typed in a symbol font (Wingdings ¨, þ) shown as ☐ / ☒. */
function shownText(t: WordElement): string {
  const text = t.textContent ?? '';
  const font = runFont(t.parentNode as WordElement | null);
  if (!isSymbolFont(font)) return text;
  return Array.from(text, (c) => {
    const box = symbolBox(font, c.codePointAt(0) ?? 0);
    return box && !/[☐☑☒]/u.test(c) ? shownBox(box) : c;
  }).join('');
}

/**
 * The text Word shows for a paragraph: its runs' text, tabs and breaks, a form checkbox or a box in
 * a symbol font (symbol-boxes.ts) as ☐ or ☒;
 * deleted text and a content control's placeholder (the place is still empty) left out.
 */
export function paragraphText(paragraph: WordElement): string {
  if (paragraph.localName === 'p' && placeholderAround(paragraph)) return '';
  let text = '';
  const collect = (element: WordElement) => {
    for (const child of children(element)) {
      if (child.namespaceURI !== W) continue;
      switch (child.localName) {
        case 't':
          text += shownText(child);
          break;
        case 'sym': {
          const box = symbolBox(child.getAttributeNS(W, 'font') ?? undefined, symbolCode(child));
          if (box) text += shownBox(box);
          break;
        }
        case 'tab':
          text += '\t';
          break;
        case 'br':
        case 'cr':
          text += '\n';
          break;
        case 'sdt':
          if (!showsPlaceholder(child)) collect(child);
          break;
        case 'del':
        case 'delText':
        case 'fldChar': {
          const box = formCheckbox(child);
          if (box) text += boxChecked(box) ? '☒' : '☐';
          break;
        }
        case 'pPr':
        case 'rPr':
        case 'instrText':
          break;
        default:
          collect(child);
      }
    }
  };
  collect(paragraph);
  return text;
}

/** The paragraphs directly in a cell (through wrappers), not those of nested tables. */
export const cellParagraphs = <E extends WordElement>(cell: E) => blocks(cell, new Set(['p']));

export const childElements = children;
