/**
 * A read-only element tree of an XML part, built by saxes (the streaming parser the workbook reader
 * uses, xlsx-cells.ts) with namespaces resolved. It offers the few DOM members the readers use, with
 * the DOM's names and results (`getAttributeNS` is null when absent, `textContent` is the
 * descendants' text), so the body walk (docx-walk.ts) runs on it and on the DOM that write-back edits.
 * A malformed part throws; nothing is fetched (no DTDs, no external entities).
 */
import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS, type SaxesTagPlain } from 'saxes';

export interface XmlText {
  readonly nodeType: 3;
  readonly textContent: string;
  readonly parentNode: XmlElement;
}

export type XmlNode = XmlElement | XmlText;

export class XmlElement {
  readonly nodeType = 1 as const;
  readonly childNodes: XmlNode[] = [];

  constructor(
    /** The qualified name, as written (`w:p`). */
    readonly tagName: string,
    readonly localName: string,
    readonly namespaceURI: string | null,
    private readonly attributes: readonly SaxesAttributeNS[],
    readonly parentNode: XmlElement | null,
  ) {}

  /** The value of the attribute written with this qualified name, or null. */
  getAttribute(name: string): string | null {
    return this.attributes.find((a) => a.name === name)?.value ?? null;
  }

  /** The value of the attribute in this namespace with this local name, or null. */
  getAttributeNS(namespaceURI: string | null, localName: string): string | null {
    return (
      this.attributes.find((a) => a.local === localName && (a.uri || null) === (namespaceURI || null))
        ?.value ?? null
    );
  }

  /** The text of every descendant, in document order. */
  get textContent(): string {
    let text = '';
    for (const child of this.childNodes) text += child.textContent;
    return text;
  }

  /** Descendant elements in document order that match. */
  descendants(matches: (element: XmlElement) => boolean): XmlElement[] {
    const found: XmlElement[] = [];
    const visit = (element: XmlElement) => {
      for (const child of element.childNodes) {
        if (child.nodeType !== 1) continue;
        if (matches(child)) found.push(child);
        visit(child);
      }
    };
    visit(this);
    return found;
  }

  getElementsByTagName(name: string): XmlElement[] {
    return this.descendants((e) => e.tagName === name);
  }

  getElementsByTagNameNS(namespaceURI: string, localName: string): XmlElement[] {
    return this.descendants((e) => e.namespaceURI === namespaceURI && e.localName === localName);
  }
}

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);

const plainAttributes = (tag: SaxesTagPlain): SaxesAttributeNS[] =>
  Object.entries(tag.attributes).map(([name, value]) => ({
    name,
    value,
    prefix: name.includes(':') ? name.slice(0, name.indexOf(':')) : '',
    local: localOf(name),
    uri: '',
  }));

/** A parsed part: its root element, and the searches that include it. */
export class XmlDocument extends XmlElement {
  constructor() {
    super('#document', '#document', null, [], null);
  }

  get documentElement(): XmlElement {
    return this.childNodes.find((n): n is XmlElement => n.nodeType === 1) as XmlElement;
  }
}

/**
 * Parses an XML part; a malformed part, or one without a root element, throws. Without
 * `namespaces`, prefixes are not resolved (an undeclared one is no error) and every namespace is null.
 */
export function parseXml(xml: string, { namespaces = true } = {}): XmlDocument {
  const parser = new SaxesParser({ xmlns: namespaces });
  const document = new XmlDocument();
  let current: XmlElement = document;
  const text = (value: string) => {
    if (current !== document)
      current.childNodes.push({ nodeType: 3, textContent: value, parentNode: current });
  };
  parser.on('opentag', (opened) => {
    const tag = opened as SaxesTagNS;
    const element = namespaces
      ? new XmlElement(tag.name, tag.local, tag.uri || null, Object.values(tag.attributes), current)
      : new XmlElement(tag.name, localOf(tag.name), null, plainAttributes(opened as SaxesTagPlain), current);
    current.childNodes.push(element);
    current = element;
  });
  parser.on('closetag', () => {
    current = current.parentNode ?? document;
  });
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  if (!document.documentElement) throw new Error('The XML part has no root element');
  return document;
}
