// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountUp } from '../../src-web/hooks/use-count-up.ts';

describe('useCountUp', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('prerenders the final figure, then waits at zero on the client until it starts', () => {
    function Counter() {
      return <span>{useCountUp(394, { start: false })}</span>;
    }
    expect(renderToString(<Counter />)).toBe('<span>394</span>');
    const { result } = renderHook(() => useCountUp(394, { start: false }));
    expect(result.current).toBe(0);
  });

  it('counts from zero to the target over the given duration in 10 ms steps', () => {
    const { result } = renderHook(() => useCountUp(394, { duration: 3000, start: true }));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current).toBeGreaterThanOrEqual(190);
    expect(result.current).toBeLessThanOrEqual(200);
    act(() => vi.advanceTimersByTime(1510));
    expect(result.current).toBe(394);
  });

  it('defaults to 2000 ms, like the original directive', () => {
    const { result } = renderHook(() => useCountUp(100, { start: true }));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(50);
    act(() => vi.advanceTimersByTime(1010));
    expect(result.current).toBe(100);
  });

  it('shows the final value at once when motion is reduced', () => {
    const { result } = renderHook(() => useCountUp(42, { start: true, instant: true }));
    expect(result.current).toBe(42);
  });
});
