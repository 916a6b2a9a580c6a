/**
 * The bundle shims (functions/common/bundle-shims, esbuild aliases in lib/bundling.ts) give a bundled handler the
 * same results as the packages they stand in for: mailparser, bundled with the TextDecoder shims for
 * iconv-lite and encoding-japanese and those for he, linkify-it, tlds and dom-serializer, reads
 * messages in the charsets mail arrives in, HTML-only ones and their address headers exactly as the
 * unbundled mailparser (the real packages) does; the questionnaire readers, bundled without exceljs,
 * xmldom or sanitize-html (which no reader carries), read every fixture as unbundled; he's encoding
 * and debug's loggers are the same as the real ones.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { type ParsedMail, simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { encode as shimmedEncode } from '../../functions/common/bundle-shims/he';
import { readDocument } from '../../functions/common/formats/document';
import { readSpreadsheet } from '../../functions/common/formats/spreadsheet';
import { answerMessage } from '../../functions/mcp/server';
import { esbuildOptions } from '../../lib/bundling';
import { PROJECT_ROOT } from '../../lib/constructs/backend';

type Parse = typeof simpleParser;
let bundledParse: Parse;
let bundledCode: string;

beforeAll(async () => {
  const outfile = join(mkdtempSync(join(tmpdir(), 'bundle-shims-')), 'index.mjs');
  await build({
    ...esbuildOptions,
    sourcemap: false,
    minify: false,
    stdin: { contents: "export { simpleParser } from 'mailparser';", resolveDir: PROJECT_ROOT, loader: 'ts' },
    outfile,
    logLevel: 'error',
  });
  bundledCode = readFileSync(outfile, 'utf8');
  const url = pathToFileURL(outfile).href;
  ({ simpleParser: bundledParse } = (await import(/* @vite-ignore */ url)) as { simpleParser: Parse });
}, 60_000);

/** A message whose subject and body are `text` encoded in `charset`. */
function message(charset: string, body: Buffer, transfer = 'base64', subject?: string) {
  const encoded = transfer === 'base64' ? body.toString('base64') : body.toString('latin1');
  return Buffer.concat([
    Buffer.from(
      [
        'From: Ana <ana@example.com>',
        'To: reply+abc@reply.example.com',
        `Subject: ${subject ?? `=?${charset}?B?${body.subarray(0, 24).toString('base64')}?=`}`,
        'Message-ID: <m1@example.com>',
        'MIME-Version: 1.0',
        `Content-Type: text/plain; charset="${charset}"`,
        `Content-Transfer-Encoding: ${transfer}`,
        '',
        '',
      ].join('\r\n'),
      'latin1',
    ),
    Buffer.from(encoded, 'latin1'),
    Buffer.from('\r\n', 'latin1'),
  ]);
}

const essentials = (mail: ParsedMail) => ({
  subject: mail.subject,
  text: mail.text,
  from: mail.from?.value.map((a) => a.address),
  to: (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address)),
  messageId: mail.messageId,
});

const latin = 'Grüße aus Zürich: façade, naïve, résumé — «ça va» ½ € “quotes”';
const CASES: Array<[string, Buffer]> = [
  ['utf-8', Buffer.from(latin, 'utf-8')],
  ['iso-8859-1', Buffer.from(latin.replace(/[—“”€]/g, '-'), 'latin1')],
  ['windows-1252', Buffer.from([0x93, 0x41, 0x94, 0x20, 0x80, 0x20, 0x96, 0x20, 0xe9, 0xfc])],
  ['iso-8859-15', Buffer.from([0xa4, 0x20, 0xe9, 0x20, 0xbd])],
  ['koi8-r', Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4, 0x2c, 0x20, 0xcd, 0xc9, 0xd2])],
  // 日本語のメール in ISO-2022-JP, Shift_JIS and EUC-JP.
  ['iso-2022-jp', Buffer.from('1b2442467c4b5c386c244e2561213c256b1b2842', 'hex')],
  ['shift_jis', Buffer.from('93fa967b8cea82cc8381815b838b', 'hex')],
  ['euc-jp', Buffer.from('c6fccbdcb8eca4cea5e1a1bca5eb', 'hex')],
  ['euc-kr', Buffer.from('c7d1b1b9beee', 'hex')],
  ['gbk', Buffer.from('d6d0cec4', 'hex')],
  ['big5', Buffer.from('a4a4a4e5', 'hex')],
];

describe('mailparser in a bundle', () => {
  it('carries neither iconv-lite nor encoding-japanese', () => {
    expect(bundledCode.includes('node_modules/iconv-lite/')).toBe(false);
    expect(bundledCode.includes('node_modules/encoding-japanese/')).toBe(false);
    expect(bundledCode.includes('functions/common/bundle-shims/iconv-lite.ts')).toBe(true);
  });

  it("carries neither he's tables, the linkifier, the domain list nor dom-serializer and its entities", () => {
    for (const name of ['he', 'linkify-it', 'tlds', 'dom-serializer']) {
      expect(bundledCode.includes(`node_modules/${name}/`), name).toBe(false);
    }
    // dom-serializer's entities 4 (htmlparser2's own decoder, entities 7 under dist/, stays).
    expect(bundledCode.includes('node_modules/entities/lib/')).toBe(false);
    expect(bundledCode.includes('functions/common/bundle-shims/he.ts')).toBe(true);
  });

  it('reads an HTML-only message and its address headers as the unbundled parser does', async () => {
    const html =
      '<html><body><h1>Re: Question 4</h1><p>Yes &mdash; we <b>encrypt</b> data at rest &amp; in transit.</p>' +
      '<ul><li>AES-256</li><li>TLS&nbsp;1.2+</li></ul><blockquote>On Monday, Ana wrote:<br>Do you?</blockquote>' +
      '<table><tr><td>Owner</td><td>Zoë</td></tr></table><a href="https://example.com/x">link</a></body></html>';
    const raw = Buffer.from(
      [
        'From: "Zoë O\'Brien <Security & Trust>" <zoe@example.com>',
        'To: "A `quoted` team" <reply+abc@reply.example.com>, =?UTF-8?B?8J+Ukg==?= <b@example.com>',
        'Subject: Re: Question 4',
        'Message-ID: <m2@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset="utf-8"',
        'Content-Transfer-Encoding: 8bit',
        '',
        html,
        '',
      ].join('\r\n'),
      'utf-8',
    );
    const options = { skipImageLinks: true, skipTextToHtml: true };
    const [expected, actual] = await Promise.all([simpleParser(raw, options), bundledParse(raw, options)]);
    expect(essentials(actual)).toEqual(essentials(expected));
    expect(actual.text).toContain('encrypt data at rest & in transit');
    expect(actual.html).toBe(expected.html);
    expect(actual.from?.html).toBe(expected.from?.html);
    const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.html);
    expect(to(actual)).toEqual(to(expected));
  });

  it.each(CASES)('reads a %s message as the unbundled parser does', async (charset, body) => {
    for (const transfer of ['base64', '8bit']) {
      const raw = message(charset, body, transfer);
      const [expected, actual] = await Promise.all([simpleParser(raw), bundledParse(raw)]);
      expect(essentials(actual), `${charset} ${transfer}`).toEqual(essentials(expected));
    }
  });

  it('reads quoted-printable and encoded-word headers as the unbundled parser does', async () => {
    const raw = message(
      'iso-8859-1',
      Buffer.from('Caf=E9 cr=E8me =\r\nbr=FBl=E9e', 'latin1'),
      'quoted-printable',
      '=?ISO-8859-1?Q?R=E9ponse_=E0_votre_question?= =?UTF-8?B?4pyU?=',
    );
    const [expected, actual] = await Promise.all([simpleParser(raw), bundledParse(raw)]);
    expect(essentials(actual)).toEqual(essentials(expected));
    expect(actual.text?.trim()).toBe('Café crème brûlée');
  });
});

const requireShim = createRequire(import.meta.url);
type CreateDebug = (namespace: string) => {
  (...args: unknown[]): void;
  enabled: boolean;
  namespace: string;
  extend(suffix: string): { namespace: string };
};
/** The real packages, untyped. */
const createDebug = requireShim('debug') as CreateDebug;
const he = requireShim('he') as {
  encode(text: string, options?: Record<string, boolean>): string;
  decode(html: string): string;
};
/** mnemonist's LRU cache and its shim: each module is the class. */
const RealLruCache = requireShim('mnemonist/lru-cache') as new (capacity: number) => unknown;
const ShimmedLruCache = requireShim('../../functions/common/bundle-shims/lru-cache.cjs') as new (
  capacity: number,
) => unknown;
/** The CommonJS shims (their packages' modules are factories). */
const shimmedDebug = requireShim('../../functions/common/bundle-shims/debug.cjs') as CreateDebug;
const shimmedLinkify = requireShim('../../functions/common/bundle-shims/linkify-it.cjs') as () => {
  tlds(list: unknown): unknown;
  pretest(text: string): boolean;
};

describe('the other shims', () => {
  it('encode as he does with its default options, numeric references', () => {
    const samples = [
      '',
      'plain ascii',
      `<a href="x">'quotes' & \`ticks\`</a>`,
      'Zoë, naïve, résumé — «ça va» ½ € “quotes”',
      'emoji 🔒 and astral 𝔘 with \u0001\u007f\u0081\u009d\u00a0 controls, tab\tnew\nline',
      '<\u20d2 >\u20d2',
    ];
    for (const text of samples) {
      expect(shimmedEncode(text), text).toBe(he.encode(text));
      expect(shimmedEncode(text, { decimal: true }), text).toBe(he.encode(text, { decimal: true }));
      expect(shimmedEncode(text, { allowUnsafeSymbols: true }), text).toBe(
        he.encode(text, { allowUnsafeSymbols: true }),
      );
      // Named references: the same HTML once decoded.
      expect(he.decode(shimmedEncode(text, { useNamedReferences: true })), text).toBe(text);
    }
  });

  it("make loggers that stay off, as debug's do without DEBUG", () => {
    expect(process.env.DEBUG).toBeUndefined();
    const real = createDebug('tokenizer:inflate');
    const shim = shimmedDebug('tokenizer:inflate');
    expect(real.enabled).toBeFalsy();
    expect(shim.enabled).toBeFalsy();
    expect(shim.namespace).toBe(real.namespace);
    expect(shim.extend('zip').namespace).toBe(real.extend('zip').namespace);
    expect(shim('message %s', 'ignored')).toBeUndefined();
  });

  it("keep and drop entries as mnemonist's LRU cache does, whatever the operations (property)", () => {
    type Cache = {
      get(key: string): unknown;
      peek(key: string): unknown;
      has(key: string): boolean;
      set(key: string, value: number): unknown;
      clear(): void;
      size: number;
    };
    const operation = fc.oneof(
      fc.record({ op: fc.constantFrom('get', 'peek', 'has'), key: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      fc.record({ op: fc.constant('set'), key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), value: fc.nat() }),
      fc.record({ op: fc.constant('clear') }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(operation, { maxLength: 60 }), (capacity, ops) => {
        const real = new RealLruCache(capacity) as Cache;
        const shim = new ShimmedLruCache(capacity) as Cache;
        for (const o of ops) {
          if (o.op === 'clear') {
            real.clear();
            shim.clear();
          } else if (o.op === 'set') {
            real.set(o.key, o.value as number);
            shim.set(o.key, o.value as number);
          } else expect(shim[o.op](o.key)).toEqual(real[o.op](o.key));
          expect(shim.size).toBe(real.size);
        }
      }),
    );
  });

  it('configure a linkifier that finds no links', () => {
    const linkifier = shimmedLinkify();
    expect(linkifier.tlds(['com'])).toBe(linkifier);
    expect(linkifier.pretest('see https://example.com')).toBe(false);
  });
});

describe('the questionnaire readers in a bundle', () => {
  it('read every questionnaire fixture as the unbundled readers do (without exceljs, xmldom or sanitize-html)', async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundle-shims-readers-')), 'index.mjs');
    await build({
      ...esbuildOptions,
      sourcemap: false,
      minify: false,
      stdin: {
        contents:
          "export { readSpreadsheet } from './functions/common/formats/spreadsheet';\n" +
          "export { readDocument } from './functions/common/formats/document';",
        resolveDir: PROJECT_ROOT,
        loader: 'ts',
      },
      outfile,
      logLevel: 'error',
    });
    const code = readFileSync(outfile, 'utf8');
    for (const name of ['exceljs', 'jszip', '@xmldom/xmldom', 'sanitize-html', 'postcss']) {
      expect(code.includes(`node_modules/${name}/`), name).toBe(false);
    }
    const bundled = (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as {
      readSpreadsheet: typeof readSpreadsheet;
      readDocument: typeof readDocument;
    };
    const folder = join(PROJECT_ROOT, 'test/fixtures/questionnaires');
    const files = readdirSync(folder).filter((name) => /\.(xlsx|csv|docx)$/.test(name));
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const bytes = new Uint8Array(readFileSync(join(folder, name)));
      const format = name.slice(name.lastIndexOf('.') + 1) as 'xlsx' | 'csv' | 'docx';
      if (format === 'docx') {
        expect(await bundled.readDocument(bytes), name).toEqual(await readDocument(bytes));
      } else {
        expect(await bundled.readSpreadsheet(bytes, format), name).toEqual(
          await readSpreadsheet(bytes, format),
        );
      }
    }
  }, 60_000);
});

describe('the MCP server in a bundle', () => {
  it('carries neither ajv nor Zod 3, and lists and checks its tools as the unbundled server does', async () => {
    // Prepare: the server's module bundled as a Lambda bundles it.
    const outfile = join(mkdtempSync(join(tmpdir(), 'bundle-shims-mcp-')), 'index.mjs');
    await build({
      ...esbuildOptions,
      sourcemap: false,
      minify: false,
      stdin: {
        contents: "export { answerMessage } from './functions/mcp/server';",
        resolveDir: PROJECT_ROOT,
        loader: 'ts',
      },
      outfile,
      logLevel: 'error',
    });
    const code = readFileSync(outfile, 'utf8');
    for (const name of ['ajv', 'ajv-formats', 'fast-uri', 'zod-to-json-schema', 'zod/v3']) {
      expect(code.includes(`node_modules/${name}/`), name).toBe(false);
    }
    const bundled = (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as {
      answerMessage: typeof answerMessage;
    };
    const client = { teamId: 'team-1', keyPrefix: 'qwk_abc' };
    const messages = [
      {
        jsonrpc: '2.0' as const,
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0' as const, id: 2, method: 'tools/list' },
      // Refused by the tool's input schema before any read.
      {
        jsonrpc: '2.0' as const,
        id: 3,
        method: 'tools/call',
        params: { name: 'search_library', arguments: { query: '' } },
      },
      { jsonrpc: '2.0' as const, method: 'notifications/initialized' },
    ];

    for (const message of messages) {
      // Act
      const [inBundle, unbundled] = await Promise.all([
        bundled.answerMessage(client, message),
        answerMessage(client, message),
      ]);
      // Assess
      expect(inBundle, message.method).toEqual(unbundled);
    }
    const listed = (await bundled.answerMessage(client, messages[1])) as unknown as {
      result: { tools: unknown[] };
    };
    expect(listed.result.tools).toHaveLength(5);
  }, 60_000);
});
