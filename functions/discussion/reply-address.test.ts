import { describe, expect, it } from 'vitest';
import {
  checkReplyAddress,
  isReplyDomainAddress,
  REPLY_ADDRESS_DAYS,
  replyAddress,
  replyExpiry,
  replyIdOf,
} from './reply-address';

const SECRET = 'unit-test-secret';
const DOMAIN = 'reply.example.test';
const THREAD = { teamId: 't1', projectId: 'p1', questionId: 'q1', recipient: 'Auditor@External.test' };
const NOW = Date.UTC(2025, 2, 3, 9, 0, 0);

describe('reply addresses', () => {
  it('derives one thread id per question and recipient (case-insensitive), different otherwise', () => {
    // Act
    const id = replyIdOf(SECRET, THREAD);
    // Assess
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(replyIdOf(SECRET, { ...THREAD, recipient: 'auditor@external.test' })).toBe(id);
    expect(replyIdOf(SECRET, { ...THREAD, questionId: 'q2' })).not.toBe(id);
    expect(replyIdOf(SECRET, { ...THREAD, recipient: 'other@external.test' })).not.toBe(id);
    expect(replyIdOf('another-secret', THREAD)).not.toBe(id);
  });

  it('signs an address within 64 characters of local part that checks out until it expires', () => {
    // Prepare
    const id = replyIdOf(SECRET, THREAD);
    const expiresAt = replyExpiry(NOW);
    // Act
    const address = replyAddress(SECRET, DOMAIN, id, expiresAt);
    // Assess
    expect(expiresAt - NOW / 1000).toBe(REPLY_ADDRESS_DAYS * 86_400);
    expect(address).toMatch(/^reply\+[0-9a-f]{32}\.[0-9a-f]{20}@reply\.example\.test$/);
    expect(address.split('@')[0].length).toBeLessThanOrEqual(64);
    expect(checkReplyAddress(SECRET, DOMAIN, address, NOW)).toEqual({ ok: true, replyId: id, expiresAt });
    // Mail systems may change the case of an address.
    expect(checkReplyAddress(SECRET, DOMAIN, address.toUpperCase(), NOW).ok).toBe(true);
    expect(checkReplyAddress(SECRET, DOMAIN, address, expiresAt * 1000 - 1).ok).toBe(true);
    expect(checkReplyAddress(SECRET, DOMAIN, address, expiresAt * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses tampered payloads and signatures, other secrets, other domains and other shapes', () => {
    // Prepare
    const address = replyAddress(SECRET, DOMAIN, replyIdOf(SECRET, THREAD), replyExpiry(NOW));
    const [local] = address.split('@');
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === '0' ? '1' : '0'}${text.slice(at + 1)}`;
    const later = flip(local, local.indexOf('.') - 1); // the expiry's last digit
    // Act / Assess
    expect(checkReplyAddress(SECRET, DOMAIN, `${flip(local, 6)}@${DOMAIN}`, NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(checkReplyAddress(SECRET, DOMAIN, `${later}@${DOMAIN}`, NOW).ok).toBe(false);
    expect(checkReplyAddress(SECRET, DOMAIN, `${flip(local, local.length - 1)}@${DOMAIN}`, NOW).ok).toBe(
      false,
    );
    expect(checkReplyAddress('another-secret', DOMAIN, address, NOW)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    for (const other of [
      `${local}@elsewhere.test`,
      `${local}x@${DOMAIN}`,
      `noreply@${DOMAIN}`,
      'reply+@reply.example.test',
      '',
    ])
      expect(checkReplyAddress(SECRET, DOMAIN, other, NOW)).toEqual({
        ok: false,
        reason: 'not a reply address',
      });
  });

  it('tells addresses of the reply domain from others', () => {
    expect(isReplyDomainAddress(DOMAIN, 'anything@Reply.Example.test')).toBe(true);
    expect(isReplyDomainAddress(DOMAIN, 'someone@example.test')).toBe(false);
    expect(isReplyDomainAddress(DOMAIN, 'x@evilreply.example.test')).toBe(false);
  });
});
