/** Which photo keys a user may claim in /user/photo/complete. */
import { describe, expect, it } from 'vitest';
import { isOwnPhotoKey, photoPrefix } from '../../functions/common/photos';

const uuid = '0b7e8f2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('photo keys', () => {
  it('namespaces by team when there is one, and always by user', () => {
    expect(photoPrefix('u1', 't1')).toBe('teams/t1/users/u1/photos/');
    expect(photoPrefix('u1')).toBe('users/u1/photos/');
  });

  it("accepts only the user's own prefixes followed by a generated name", () => {
    expect(isOwnPhotoKey(`teams/t1/users/u1/photos/${uuid}`, 'u1', 't1')).toBe(true);
    expect(isOwnPhotoKey(`users/u1/photos/${uuid}`, 'u1', 't1')).toBe(true);
    expect(isOwnPhotoKey(`users/u1/photos/${uuid}`, 'u1')).toBe(true);
    expect(isOwnPhotoKey(`teams/t1/users/u1/photos/${uuid}`, 'u1')).toBe(false);
    expect(isOwnPhotoKey(`teams/t2/users/u1/photos/${uuid}`, 'u1', 't1')).toBe(false);
    expect(isOwnPhotoKey(`users/u2/photos/${uuid}`, 'u1')).toBe(false);
    expect(isOwnPhotoKey(`users/u1/photos/../../u2/photos/${uuid}`, 'u1')).toBe(false);
    expect(isOwnPhotoKey(`users/u1/photos/${uuid}/extra`, 'u1')).toBe(false);
  });
});
