/**
 * Where each question of a Word document sits: its reference and its section. Shared by detection
 * and configuration (it imports no detection, so configuring a document does not bundle it).
 *
 * - Reference: Word's automatic number with every level ('1.1', '3.a'), or a number typed before
 *   the text ('3.', 'B.1'), taken out of the question's text. A sub-item lettered or in roman
 *   numerals on its own (a., b., ii.) — a list of its own under a numbered lead-in, or typed — gets
 *   the number of the paragraph it follows as its parent: item a. under 3. is '3.a', as a reader
 *   would cite it. Sub-items numbered by a new list of their own (1., 2. again) under a lead-in
 *   ending in ':' ("3. Describe your access controls:") are numbered under it too: 3.1, 3.2. A
 *   heading ends that parent.
 * - Section: the nearest heading above (Heading 1…9 style or an outline level), for paragraph
 *   and table questions alike; in a table, a row of one merged cell (a section title row) above.
 */
import type { DocumentNode } from '../../../shared/schemas/source';
import { splitTypedNumber } from './typed-text';

export interface OutlineEntry {
  /** The question's text without a typed number. */
  text: string;
  reference?: string;
  section?: string;
  /** The number of the paragraph this one is a sub-item of ('3' for '3.a'). */
  parentReference?: string;
}

const SUB_ITEM = /^([a-z]{1,2}|[ivxl]+)$/;

export function documentOutline(nodes: DocumentNode[]): Map<string, OutlineEntry> {
  const out = new Map<string, OutlineEntry>();
  let headingSection: string | undefined;
  let parent: string | undefined;
  // A numbered lead-in ("3. Describe your access controls:") and the list of its own its
  // sub-items may be numbered by (a new list restarting at 1.), while it goes on.
  let leadIn: { reference: string; list?: string } | undefined;
  let subList: string | undefined;
  const lists = new Set<string>();
  // A table's rows of one merged cell under a header of several are section titles for the rows below.
  const wide = new Map<string, boolean>();
  let rowSection: { table: string; text: string } | undefined;
  const firstParagraph = new Map<string, DocumentNode>();
  for (const node of nodes) {
    if (node.kind === 'paragraph' && node.parentNodeId && !firstParagraph.has(node.parentNodeId))
      firstParagraph.set(node.parentNodeId, node);
  }
  for (const node of nodes) {
    const topLevel = !node.parentNodeId;
    if (node.kind === 'paragraph' && topLevel && node.headingLevel && node.text.trim()) {
      headingSection = splitTypedNumber(node.text.trim()).text.trim();
      parent = undefined;
      leadIn = undefined;
      subList = undefined;
      out.set(node.nodeId, { text: node.text, section: headingSection });
      continue;
    }
    if (node.kind === 'row' && node.parentNodeId) {
      const table = node.parentNodeId;
      if (!wide.has(table)) wide.set(table, node.text.includes(' | '));
      else if (wide.get(table) && node.text.trim() && !node.text.includes(' | '))
        rowSection = { table, text: node.text.trim() };
    }
    const section =
      rowSection && node.nodeId.startsWith(`${rowSection.table}.`) ? rowSection.text : headingSection;
    if (node.kind !== 'paragraph' && node.kind !== 'cell') {
      out.set(node.nodeId, { text: node.text, ...(section ? { section } : {}) });
      continue;
    }
    const typed = splitTypedNumber(node.text);
    const numbered = node.kind === 'cell' ? firstParagraph.get(node.nodeId) : node;
    // Content read before the full number was kept has the label only ('3.').
    const automatic = numbered?.reference ?? numbered?.numbering?.replace(/[.):]$/, '');
    const own = automatic ?? typed.reference;
    const entry: OutlineEntry = { text: typed.text, ...(section ? { section } : {}) };
    if (own && topLevel && node.kind === 'paragraph' && node.text.trim()) {
      const list = automatic ? node.list : undefined;
      const newList = list !== undefined && !lists.has(list);
      if (list) lists.add(list);
      if (leadIn && list && (list === subList || (newList && list !== leadIn.list && /^\d+$/.test(own)))) {
        subList = list;
        entry.parentReference = leadIn.reference;
        entry.reference = `${leadIn.reference}.${own}`;
        parent = entry.reference;
      } else if (SUB_ITEM.test(own) && parent) {
        entry.parentReference = parent;
        entry.reference = `${parent}.${own}`;
      } else {
        entry.reference = own;
        parent = own;
        subList = undefined;
        leadIn = node.text.trim().endsWith(':') ? { reference: own, list } : undefined;
      }
    } else if (own) entry.reference = own;
    out.set(node.nodeId, entry);
  }
  return out;
}
