import { describe, expect, it } from 'vitest';
import {
  COUNT_UP_DEFAULT_DURATION_MS,
  HOME_COUNTERS_DURATION_MS,
} from '../../../../shared/domain/constants.ts';
import { countUpValue } from '../../../../src-web/site/browser/counters.ts';

describe('countUpValue', () => {
  it('starts at zero and ends on the target', () => {
    expect(countUpValue(394, 0, HOME_COUNTERS_DURATION_MS)).toBe(0);
    expect(countUpValue(394, HOME_COUNTERS_DURATION_MS, HOME_COUNTERS_DURATION_MS)).toBe(394);
    expect(countUpValue(394, HOME_COUNTERS_DURATION_MS + 500, HOME_COUNTERS_DURATION_MS)).toBe(394);
  });

  it('is half-way at half the duration, 2000 ms by default like the original directive', () => {
    expect(COUNT_UP_DEFAULT_DURATION_MS).toBe(2000);
    expect(countUpValue(100, 1000, COUNT_UP_DEFAULT_DURATION_MS)).toBe(50);
    expect(countUpValue(394, 1500, HOME_COUNTERS_DURATION_MS)).toBe(197);
  });

  it('never goes down nor past the target', () => {
    let previous = 0;
    for (let elapsed = 0; elapsed <= 3100; elapsed += 10) {
      const value = countUpValue(358, elapsed, HOME_COUNTERS_DURATION_MS);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(358);
      previous = value;
    }
  });
});
