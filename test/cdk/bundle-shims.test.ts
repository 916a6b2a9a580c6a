/**
 * The bundle shims (functions/common/bundle-shims, esbuild aliases in lib/bundling.ts) give a bundled handler the
 * same results as the packages they stand in for: mailparser, bundled with the TextDecoder shims for
 * iconv-lite and encoding-japanese, reads messages in the charsets mail arrives in exactly as the
 * unbundled mailparser (the real packages) does.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { type ParsedMail, simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
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
