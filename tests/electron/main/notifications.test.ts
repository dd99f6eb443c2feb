import { describe, expect, it } from 'vitest';
import { createInboxTracker } from '../../../src-electron/main/inbox-tracker.ts';
import {
  createMessageNotifier,
  firstLine,
  notificationContent,
} from '../../../src-electron/main/notifications.ts';
import { message } from '../fake-backend.ts';
import { createFakeElectron } from '../fake-electron.ts';

describe('createInboxTracker', () => {
  it('treats the first list as already there, then reports each new message once', () => {
    const tracker = createInboxTracker();
    const [a, b, c, d] = [message(), message(), message(), message()];
    expect(tracker.snapshot([b, a])).toEqual([]);
    expect(tracker.added([c])).toEqual([c]);
    expect(tracker.added([c])).toEqual([]);
    expect(tracker.added([d, c])).toEqual([d]);
  });

  it('in a list again (the watch started over), reports the new ones oldest first', () => {
    const tracker = createInboxTracker();
    const [a, b, c] = [message(), message(), message()];
    tracker.snapshot([a]);
    expect(tracker.snapshot([c, b, a])).toEqual([b, c]);
  });

  it('a new watch starts with a new baseline, and known messages stay known', () => {
    const tracker = createInboxTracker();
    const [a, b] = [message(), message()];
    tracker.snapshot([]);
    expect(tracker.added([a])).toEqual([a]);
    tracker.restart();
    expect(tracker.snapshot([b, a])).toEqual([]);
    expect(tracker.added([a, b])).toEqual([]);
  });
});

describe('notificationContent', () => {
  it('titles with the sender and subject, and uses the first line as body', () => {
    const content = notificationContent(
      message({
        fullName: ' Pharmacie du Centre ',
        subject: 'Logo ',
        message: '\n  Bonjour,  \nsuite…',
      }),
      'win32',
    );
    expect(content).toEqual({ title: 'Pharmacie du Centre — Logo', body: 'Bonjour,' });
  });

  it('keeps a visitor’s markup as text on Linux', () => {
    const { body } = notificationContent(
      message({ message: '<img src="https://pisteur.example/p.png"> & <b>gras</b>' }),
      'linux',
    );
    expect(body).toBe(
      '&lt;img src="https://pisteur.example/p.png"&gt; &amp; &lt;b&gt;gras&lt;/b&gt;',
    );
  });

  it('shortens long lines', () => {
    const { title, body } = notificationContent(
      message({ fullName: 'N'.repeat(200), message: 'm'.repeat(500) }),
      'darwin',
    );
    expect(title.length).toBeLessThanOrEqual(120);
    expect(body.length).toBeLessThanOrEqual(200);
    expect(body.endsWith('…')).toBe(true);
  });

  it('firstLine skips blank lines', () => {
    expect(firstLine('\r\n\r\n  Bonjour\r\nLa suite')).toBe('Bonjour');
    expect(firstLine('   ')).toBe('');
  });
});

describe('createMessageNotifier', () => {
  it('keeps each notification referenced until it is clicked or closed', () => {
    const electron = createFakeElectron();
    const clicked: string[] = [];
    const notifier = createMessageNotifier({
      Notification: electron.Notification,
      platform: 'linux',
      onClick: (id) => clicked.push(id),
    });
    const first = message();
    notifier.notify(first);
    notifier.notify(message());
    expect(notifier.pending).toBe(2);
    electron.fake.notifications[0]?.simulateClick();
    expect(clicked).toEqual([first.id]);
    electron.fake.notifications[1]?.emit('close');
    expect(notifier.pending).toBe(0);
  });
});
