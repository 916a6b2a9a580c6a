/**
 * A one-sheet XLSX table (the DATA export, the quiz answers): a bold frozen header, the column
 * widths, then the rows as text cells (shared strings, wrapped and top-aligned), never formulas.
 * Written directly as the workbook parts exceljs wrote for the same table (same sheet XML, shared
 * strings, styles and escaping), zipped with fflate; the functions that only write tables no longer
 * carry exceljs (about 900 kB with its zip and stream dependencies).
 */
import { strToU8, zipSync } from 'fflate';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const X14AC = 'http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac';
const OFFICE = 'application/vnd.openxmlformats-officedocument';

/** As exceljs escapes text: the five XML entities, and the characters XML 1.0 cannot carry dropped. */
export function xmlText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to drop.
  return text.replace(/["&'<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (ch) => {
    switch (ch) {
      case '"':
        return '&quot;';
      case '&':
        return '&amp;';
      case "'":
        return '&apos;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      default:
        return '';
    }
  });
}

/** 1 → A, 27 → AA. */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function stringItem(text: string): string {
  const space = /^\s|\n|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<si><t${space}>${xmlText(text)}</t></si>`;
}

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${OFFICE}.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${OFFICE}.spreadsheetml.styles+xml"/>` +
  `<Override PartName="/xl/sharedStrings.xml" ContentType="${OFFICE}.spreadsheetml.sharedStrings+xml"/>` +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  `<Override PartName="/docProps/app.xml" ContentType="${OFFICE}.extended-properties+xml"/>` +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="${PKG_REL}/metadata/core-properties" Target="docProps/core.xml"/>` +
  `<Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
  `<Relationship Id="rId4" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  '</Relationships>';

/** Style 0 the default, 1 the bold header, 2 the wrapped, top-aligned body. */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  '</styleSheet>';

function appProperties(sheetName: string) {
  return (
    `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
    'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
    '<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
    '<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>' +
    '<vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs>' +
    `<TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${xmlText(sheetName)}</vt:lpstr></vt:vector></TitlesOfParts>` +
    '<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged>' +
    '<AppVersion>16.0300</AppVersion></Properties>'
  );
}

function coreProperties(now: Date) {
  const at = `${now.toISOString().slice(0, 19)}Z`;
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<dc:creator>Unknown</dc:creator><cp:lastModifiedBy>Unknown</cp:lastModifiedBy>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

function workbook(sheetName: string) {
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<workbookPr defaultThemeVersion="164011" filterPrivacy="1"/>' +
    `<sheets><sheet sheetId="1" name="${xmlText(sheetName)}" state="visible" r:id="rId4"/></sheets>` +
    '<calcPr calcId="171027"/></workbook>'
  );
}

/** A one-sheet workbook: a bold frozen header, then the rows as text (wrapped, top-aligned). */
export async function tableXlsx(
  sheetName: string,
  columns: ReadonlyArray<{ header: string; width: number }>,
  rows: ReadonlyArray<readonly string[]>,
): Promise<Uint8Array> {
  // Shared strings in first-use order, each text once (as exceljs keeps them).
  const strings = new Map<string, number>();
  let uses = 0;
  const stringIndex = (text: string) => {
    uses++;
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  const table = [columns.map((column) => column.header), ...rows];
  const width = table.reduce((max, row) => Math.max(max, row.length), 0);
  const sheetRows = table.map((cells, i) => {
    const r = i + 1;
    const style = r === 1 ? 1 : 2;
    const xml = cells
      .map(
        (text, c) => `<c r="${columnLetters(c + 1)}${r}" s="${style}" t="s"><v>${stringIndex(text)}</v></c>`,
      )
      .join('');
    const spans = cells.length ? ` spans="1:${cells.length}"` : '';
    return `<row r="${r}"${spans} s="${style}" customFormat="1" x14ac:dyDescent="0.25">${xml}</row>`;
  });
  const sheet =
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}" xmlns:mc="${MC}" mc:Ignorable="x14ac" xmlns:x14ac="${X14AC}">` +
    `<dimension ref="A1:${columnLetters(Math.max(width, 1))}${table.length}"/>` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15" outlineLevelRow="0" outlineLevelCol="0" x14ac:dyDescent="0.25"/>' +
    `<cols>${columns.map((column, c) => `<col min="${c + 1}" max="${c + 1}" width="${column.width}" customWidth="1"/>`).join('')}</cols>` +
    `<sheetData>${sheetRows.join('')}</sheetData>` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
  const sharedStrings =
    `${XML_HEAD}<sst xmlns="${MAIN}" count="${uses}" uniqueCount="${strings.size}">` +
    `${[...strings.keys()].map(stringItem).join('')}</sst>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(ROOT_RELS),
      'docProps/app.xml': strToU8(appProperties(sheetName)),
      'docProps/core.xml': strToU8(coreProperties(new Date())),
      'xl/workbook.xml': strToU8(workbook(sheetName)),
      'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
      'xl/styles.xml': strToU8(STYLES),
      'xl/sharedStrings.xml': strToU8(sharedStrings),
      'xl/worksheets/sheet1.xml': strToU8(sheet),
    },
    { level: 6 },
  );
}
