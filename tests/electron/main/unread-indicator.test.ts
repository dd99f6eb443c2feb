import { describe, expect, it } from 'vitest';
import {
  trayToolTip,
  unreadDotBitmap,
  unreadLabel,
} from '../../../src-electron/main/unread-indicator.ts';

describe('unread indicator', () => {
  it('words the count in French', () => {
    expect(unreadLabel(0)).toBe('aucun message non lu');
    expect(unreadLabel(1)).toBe('1 message non lu');
    expect(unreadLabel(12)).toBe('12 messages non lus');
    expect(trayToolTip(1)).toBe('Console Horizon Numérique — 1 message non lu');
  });

  it('draws an opaque round dot with transparent corners', () => {
    const pixels = unreadDotBitmap(16);
    expect(pixels).toHaveLength(16 * 16 * 4);
    const alpha = (x: number, y: number) => pixels[(y * 16 + x) * 4 + 3];
    expect(alpha(8, 8)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(pixels[(8 * 16 + 8) * 4 + 2]).toBeGreaterThan(200); // red
  });
});
