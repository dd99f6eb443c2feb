import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Drafts: what the owner typed in the dashboard and has not saved yet (a note, « Relancer le »,
 * a value in a lead's panel; the quote editor; « Nouveau contact »), kept so that closing the
 * panel, a tap beside it, a reload or a phone that kills the tab loses nothing. Restored when
 * the same form opens again; removed once saved, when the owner empties it or chooses
 * « Effacer le brouillon », when it is older than {@link DRAFT_MAX_AGE_MS}, and at « Logout ».
 *
 * Kept in this browser's `localStorage` (which survives the tab), under `brouillon:<form>`,
 * as `{ savedAt, value }`: personal data of the owner's leads (names, notes, amounts) on the
 * owner's own device, never sent anywhere (docs/inbox.md, « Les brouillons »). A browser that
 * refuses storage keeps nothing, and the forms work as before.
 */
export const DRAFT_PREFIX = 'brouillon:';

/** A draft older than this (7 days) is dropped: by then it is no longer what the owner meant. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredDraft<T> {
  savedAt: number;
  value: T;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The draft kept under this key, unless none, unreadable or too old (then removed). */
export function readDraft<T>(key: string, now = Date.now()): StoredDraft<T> | null {
  const store = storage();
  try {
    const text = store?.getItem(DRAFT_PREFIX + key);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredDraft<T>>;
    if (
      typeof stored.savedAt === 'number' &&
      'value' in stored &&
      now - stored.savedAt <= DRAFT_MAX_AGE_MS
    ) {
      return stored as StoredDraft<T>;
    }
    store?.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Unreadable (another version's, or storage refused): as if there were none.
  }
  return null;
}

export function writeDraft<T>(key: string, value: T, now = Date.now()): void {
  try {
    storage()?.setItem(DRAFT_PREFIX + key, JSON.stringify({ savedAt: now, value }));
  } catch {
    // Full or refused: the form keeps working, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** Removes every draft of this browser (« Logout »: the next person on it reads none). */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing more to do.
  }
}

export interface Draft<T> {
  value: T;
  /** Changes the value and keeps it (or removes the draft when it is `empty` again). */
  set: (value: T) => void;
  /** When the value shown was restored from a draft (null: typed now, or nothing kept). */
  restoredAt: number | null;
}

/**
 * One field's draft, under `key` (one per lead and field: `suivi:<id>:note`). The value starts
 * from the draft kept, else `empty`; each change is kept; `empty` removes it. A new key (another
 * lead in the same panel) reads its own draft.
 */
export function useDraft<T>(key: string, empty: T): Draft<T> {
  const read = (from: string) => {
    const stored = readDraft<T>(from);
    return { key: from, value: stored ? stored.value : empty, restoredAt: stored?.savedAt ?? null };
  };
  const [state, setState] = useState(() => read(key));
  const current = state.key === key ? state : read(key);
  if (current !== state) setState(current);
  const emptyText = JSON.stringify(empty);
  const set = useCallback(
    (value: T) => {
      if (JSON.stringify(value) === emptyText) clearDraft(key);
      else writeDraft(key, value);
      setState({ key, value, restoredAt: null });
    },
    [key, emptyText],
  );
  return { value: current.value, set, restoredAt: current.restoredAt };
}

export interface FormDraft<V> {
  /** The form's starting values: the draft kept, else the defaults. */
  defaultValues: V;
  /** When those were restored from a draft (null: none). */
  restoredAt: number | null;
  /** Once saved, or to start again from the defaults: the draft goes. */
  clear: () => void;
}

/**
 * A whole form's draft (React Hook Form), read once as it opens: its values, given as the
 * form's `defaultValues`; {@link useKeepFormDraft} keeps each change.
 */
export function useFormDraft<V>(key: string, defaults: V): FormDraft<V> {
  const [restored] = useState(() => readDraft<V>(key));
  const clear = useCallback(() => clearDraft(key), [key]);
  return {
    defaultValues: restored ? restored.value : defaults,
    restoredAt: restored?.savedAt ?? null,
    clear,
  };
}

/** Keeps each change of a form under `key`; values equal to `defaults` keep nothing. */
export function useKeepFormDraft<V extends FieldValues>(
  key: string,
  form: Pick<UseFormReturn<V>, 'watch'>,
  defaults: V,
): void {
  const defaultsText = JSON.stringify(defaults);
  const { watch } = form;
  useEffect(() => {
    const subscription = watch((values) => {
      if (JSON.stringify(values) === defaultsText) clearDraft(key);
      else writeDraft(key, values);
    });
    return () => subscription.unsubscribe();
  }, [watch, key, defaultsText]);
}
