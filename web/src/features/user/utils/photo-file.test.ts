import { LIMITS } from '@shared/constants';
import { describe, expect, it } from 'vitest';
import { PHOTO_NOT_AN_IMAGE_MESSAGE, photoFileName, photoFileProblem } from './photo-file';

describe('photoFileProblem', () => {
  it('accepts an image up to 2MB', () => {
    expect(photoFileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(photoFileProblem({ type: 'image/webp', size: LIMITS.photoBytes })).toBeNull();
  });

  it('refuses SVG, which can carry script', () => {
    expect(photoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(PHOTO_NOT_AN_IMAGE_MESSAGE);
  });

  it('refuses a larger image with the exact message', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: LIMITS.photoBytes + 1 })).toBe(
      'That image is too large, please choose a smaller image. We allow up to 2MB.',
    );
  });

  it('refuses anything that is not an image', () => {
    expect(photoFileProblem({ type: 'application/pdf', size: 10 })).toBe(PHOTO_NOT_AN_IMAGE_MESSAGE);
    expect(photoFileProblem({ type: '', size: 10 })).toBe(PHOTO_NOT_AN_IMAGE_MESSAGE);
  });
});

describe('photoFileName', () => {
  it('keeps short names and the end of long ones', () => {
    expect(photoFileName({ name: 'me.png' })).toBe('me.png');
    expect(photoFileName({ name: ' ' })).toBe('photo');
    const long = `${'a'.repeat(300)}.png`;
    expect(photoFileName({ name: long })).toHaveLength(255);
    expect(photoFileName({ name: long }).endsWith('.png')).toBe(true);
  });
});
