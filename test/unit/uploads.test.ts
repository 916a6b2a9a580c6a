/**
 * The one upload mechanism: which staged keys an owner may complete, the policy S3 enforces, and
 * how bytes are identified (never by the name or the declared type).
 */
import { describe, expect, it } from 'vitest';
import { photoPrefix } from '../../functions/common/photos';
import { presignPost } from '../../functions/common/storage';
import { isStagingKeyOf, newStagingKey, sniff } from '../../functions/common/uploads';

const uuid = '0b7e8f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

describe('staging keys', () => {
  it("accepts only the owner's staging prefix followed by a generated name", () => {
    // Prepare
    const owner = 'users/u1/photos';
    // Act / Assess
    expect(isStagingKeyOf(newStagingKey(owner), owner)).toBe(true);
    expect(isStagingKeyOf(`staging/users/u1/photos/${uuid}`, owner)).toBe(true);
    expect(isStagingKeyOf(`staging/users/u2/photos/${uuid}`, owner)).toBe(false);
    expect(isStagingKeyOf(`users/u1/photos/${uuid}`, owner)).toBe(false);
    expect(isStagingKeyOf(`staging/users/u1/photos/../../u2/photos/${uuid}`, owner)).toBe(false);
    expect(isStagingKeyOf(`staging/users/u1/photos/${uuid}/extra`, owner)).toBe(false);
  });

  it('keeps final photo keys apart from staging, namespaced by team when there is one', () => {
    expect(photoPrefix('u1', 't1')).toBe('teams/t1/users/u1/photos/');
    expect(photoPrefix('u1')).toBe('users/u1/photos/');
  });
});

describe('the presigned POST policy', () => {
  it('signs the size range and the exact content type for one key', async () => {
    // Prepare: a bucket, a region and (fake) credentials to sign with; nothing is sent.
    process.env.UPLOADS_BUCKET ??= 'uploads';
    process.env.AWS_REGION ??= 'ap-southeast-2';
    process.env.AWS_ACCESS_KEY_ID ??= 'unit';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'unit';
    // Act
    const { url, fields } = await presignPost('staging/users/u1/photos/x', 'image/png', 2048);
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    // Assess
    expect(url).toMatch(/^https?:\/\//);
    expect(fields.key).toBe('staging/users/u1/photos/x');
    expect(fields['Content-Type']).toBe('image/png');
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 2048]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    expect(policy.conditions).toContainEqual({ key: 'staging/users/u1/photos/x' });
    const lifetime = new Date(policy.expiration).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe('sniffing', () => {
  it('identifies images by their bytes and refuses markup declared as an image', async () => {
    expect(await sniff(PNG, IMAGES)).toBe('image/png');
    expect(await sniff(Buffer.from('<html><script>alert(1)</script></html>'), IMAGES)).toBeNull();
    expect(
      await sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), IMAGES),
    ).toBeNull();
    expect(await sniff(Buffer.alloc(64, 0x3c), IMAGES)).toBeNull();
  });

  it('takes CSV only as text (UTF-8, UTF-16 with BOM, Windows-1252), and only where CSV is accepted', async () => {
    const text = 'Question;Answer\r\n"Chiffrez-vous les données ?";"Oui, AES-256"\r\n';
    const csv = Buffer.from(text);
    expect(await sniff(csv, ['text/csv'])).toBe('text/csv');
    expect(await sniff(csv, IMAGES)).toBeNull();
    expect(
      await sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), ['text/csv']),
    ).toBe('text/csv');
    expect(await sniff(Buffer.from(text, 'latin1'), ['text/csv'])).toBe('text/csv');
    // Binary: NUL bytes without a UTF-16 BOM, or many control characters.
    expect(await sniff(Buffer.from([0x51, 0x00, 0x41]), ['text/csv'])).toBeNull();
    expect(
      await sniff(Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 32 || 1)), ['text/csv']),
    ).toBeNull();
    expect(
      await sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0x41, 0, 0, 0, 0x42, 0])]), [
        'text/csv',
      ]),
    ).toBeNull();
  });
});
