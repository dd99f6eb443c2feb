import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { applyInboxChanges } from '../../../shared/domain/inbox.ts';
import { aMessage } from '../../fixtures/messages.ts';

function message(id: string, receivedAt: number | null, read = false): ContactMessage {
  return aMessage({ id, subject: `Sujet ${id}`, receivedAt, read });
}

const ids = (messages: readonly ContactMessage[]) => messages.map((m) => m.id);

describe('applyInboxChanges', () => {
  const inbox = [message('c', 300), message('b', 200), message('a', 100)];

  it('puts a new message in its place by time, newest first; one without a time first', () => {
    expect(ids(applyInboxChanges(inbox, [{ type: 'added', message: message('d', 400) }]))).toEqual([
      'd',
      'c',
      'b',
      'a',
    ]);
    expect(ids(applyInboxChanges(inbox, [{ type: 'added', message: message('x', 150) }]))).toEqual([
      'c',
      'b',
      'x',
      'a',
    ]);
    expect(ids(applyInboxChanges(inbox, [{ type: 'added', message: message('p', null) }]))).toEqual(
      ['p', 'c', 'b', 'a'],
    );
  });

  it('replaces a changed message, and moves it when its time changed', () => {
    const read = applyInboxChanges(inbox, [{ type: 'changed', message: message('b', 200, true) }]);
    expect(read.map((m) => [m.id, m.read])).toEqual([
      ['c', false],
      ['b', true],
      ['a', false],
    ]);
    const pending = [message('p', null), ...inbox];
    const confirmed = applyInboxChanges(pending, [{ type: 'changed', message: message('p', 250) }]);
    expect(ids(confirmed)).toEqual(['c', 'p', 'b', 'a']);
  });

  it('removes messages, in any number, and ignores what it does not know', () => {
    const after = applyInboxChanges(inbox, [
      { type: 'removed', id: 'a' },
      { type: 'removed', id: 'c' },
      { type: 'removed', id: 'inconnu' },
    ]);
    expect(ids(after)).toEqual(['b']);
  });

  it('applies changes in order, leaves the list it was given alone, and keeps unchanged messages', () => {
    const after = applyInboxChanges(inbox, [
      { type: 'added', message: message('d', 400) },
      { type: 'changed', message: message('d', 400, true) },
      { type: 'removed', id: 'b' },
    ]);
    expect(after.map((m) => [m.id, m.read])).toEqual([
      ['d', true],
      ['c', false],
      ['a', false],
    ]);
    expect(ids(inbox)).toEqual(['c', 'b', 'a']);
    expect(after[1]).toBe(inbox[0]);
  });
});
