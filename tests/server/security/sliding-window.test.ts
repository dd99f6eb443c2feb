import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../../src-server/security/sliding-window.ts';

describe('SlidingWindowLimiter', () => {
  it('holds a key to its maximum within the window, then lets it through again', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(3, 600_000, () => now);
    for (let i = 0; i < 3; i += 1) expect(limiter.take(['email:a@b.dz'])).toBe(0);
    expect(limiter.take(['email:a@b.dz'])).toBe(600);
    expect(limiter.take(['email:other@b.dz'])).toBe(0);
    now = 600_001;
    expect(limiter.take(['email:a@b.dz'])).toBe(0);
  });

  it('counts nothing given back: a post that could not be stored is no repeat', () => {
    const limiter = new SlidingWindowLimiter(3, 600_000, () => 0);
    const keys = ['email:a@b.dz', 'phone:+213555123456'];
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.take(keys)).toBe(0);
      limiter.giveBack(keys);
    }
    for (let i = 0; i < 3; i += 1) expect(limiter.take(keys)).toBe(0);
    expect(limiter.take(['phone:+213555123456'])).toBeGreaterThan(0);
  });
});
