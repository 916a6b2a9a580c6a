import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../functions/common/formats/xml-tree';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

describe('parseXml', () => {
  it('resolves namespaces, whatever the prefix, and answers as the DOM does', () => {
    // Prepare: the main namespace as `w`, then as `x`, then as the default namespace.
    const parts = [
      `<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t xml:space="preserve">A &amp; B </w:t></w:r><w:sym w:char="F0FE"/></w:p></w:body></w:document>`,
      `<x:document xmlns:x="${W}"><x:body><x:p><x:r><x:t xml:space="preserve">A &amp; B </x:t></x:r><x:sym x:char="F0FE"/></x:p></x:body></x:document>`,
      `<document xmlns="${W}" xmlns:w="${W}"><body><p><r><t xml:space="preserve">A &amp; B </t></r><sym w:char="F0FE"/></p></body></document>`,
    ];

    for (const xml of parts) {
      // Act
      const document = parseXml(xml);
      const dom = new DOMParser().parseFromString(xml, 'text/xml');

      // Assess
      const [p] = document.getElementsByTagNameNS(W, 'p');
      const [domP] = Array.from(dom.getElementsByTagNameNS(W, 'p'));
      expect(p.localName).toBe('p');
      expect(p.namespaceURI).toBe(W);
      expect(p.textContent).toBe(domP.textContent);
      const [sym] = document.getElementsByTagNameNS(W, 'sym');
      expect(sym.getAttributeNS(W, 'char')).toBe('F0FE');
      expect(sym.getAttributeNS(W, 'font')).toBeNull();
      expect(sym.getAttributeNS(null, 'char')).toBeNull();
      expect(p.parentNode?.localName).toBe('body');
      expect(document.documentElement.localName).toBe('document');
    }
  });

  it('reads prefixes it cannot resolve when asked not to resolve them, and refuses malformed parts', () => {
    // Prepare: a slice of a worksheet whose prefixes are declared elsewhere.
    const slice =
      '<w><x14:dataValidation type="list" xr:uid="{1}"><xm:sqref>A1:A4</xm:sqref></x14:dataValidation></w>';

    // Act
    const plain = parseXml(slice, { namespaces: false });

    // Assess
    const [validation] = plain.descendants((e) => e.localName === 'dataValidation');
    expect(validation.getAttribute('type')).toBe('list');
    expect(validation.getAttribute('xr:uid')).toBe('{1}');
    expect(validation.textContent).toBe('A1:A4');
    expect(() => parseXml(slice)).toThrow();
    for (const bad of ['', '<a><b></a>', '<a>&nbsp;</a>', '<a', 'text only'])
      expect(() => parseXml(bad)).toThrow();
  });

  it('gives the text the DOM gives, for any text and markup look-alike', () => {
    const text = fc
      .string({ unit: 'binary', maxLength: 30 })
      .map((s) => s.replace(/[^\t\n\u0020-\uD7FF\uE000-\uFFFD]/gu, ''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (texts) => {
        const escaped = texts.map((t) =>
          t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
        );
        const xml = `<root xmlns="${W}">${escaped.map((t, i) => `<t n="${i}">${t}</t>`).join('<br/>')}</root>`;
        const tree = parseXml(xml);
        const dom = new DOMParser().parseFromString(xml, 'text/xml');
        expect(tree.documentElement.textContent).toBe(dom.documentElement?.textContent);
        expect(tree.getElementsByTagNameNS(W, 't').map((t) => t.textContent)).toEqual(texts);
      }),
      { numRuns: 100 },
    );
  });
});
