// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearAllDrafts,
  DRAFT_MAX_AGE_MS,
  readDraft,
  useDraft,
  writeDraft,
} from '../../../../src-web/admin/hooks/use-draft.ts';

afterEach(() => localStorage.clear());

describe('drafts', () => {
  it('are kept under « brouillon: », read back, and dropped past 7 days', () => {
    writeDraft('suivi:a:note', 'Rappeler', 1_000);
    expect(localStorage.getItem('brouillon:suivi:a:note')).toBe(
      JSON.stringify({ savedAt: 1_000, value: 'Rappeler' }),
    );
    expect(readDraft('suivi:a:note', 1_000 + DRAFT_MAX_AGE_MS)).toEqual({
      savedAt: 1_000,
      value: 'Rappeler',
    });
    expect(readDraft('suivi:a:note', 1_001 + DRAFT_MAX_AGE_MS)).toBeNull();
    expect(localStorage.getItem('brouillon:suivi:a:note')).toBeNull();
  });

  it('ignore what is not one of theirs, and « Logout » removes only theirs', () => {
    localStorage.setItem('brouillon:cassé', '{');
    localStorage.setItem('autre', 'garde');
    expect(readDraft('cassé')).toBeNull();
    writeDraft('x', 1);
    clearAllDrafts();
    expect(Object.keys(localStorage)).toEqual(['autre']);
  });

  it('follow their key: each lead its own, kept at each change, gone when empty again', () => {
    writeDraft('suivi:b:note', 'Pour B');
    const { result, rerender } = renderHook(({ key }) => useDraft(key, ''), {
      initialProps: { key: 'suivi:a:note' },
    });
    expect(result.current.value).toBe('');
    expect(result.current.restoredAt).toBeNull();
    act(() => result.current.set('Pour A'));
    expect(readDraft('suivi:a:note')?.value).toBe('Pour A');
    rerender({ key: 'suivi:b:note' });
    expect(result.current.value).toBe('Pour B');
    expect(result.current.restoredAt).not.toBeNull();
    rerender({ key: 'suivi:a:note' });
    expect(result.current.value).toBe('Pour A');
    act(() => result.current.set(''));
    expect(localStorage.getItem('brouillon:suivi:a:note')).toBeNull();
  });
});
