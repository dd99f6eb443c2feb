// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../../shared/domain/contact.ts';
import { MessageList } from '../../../../src-web/admin/features/inbox/message-list.tsx';
import { aMessage } from '../../../fixtures/messages.ts';

const message = aMessage({
  id: 'a1',
  fullName: 'Clinique Les Oliviers',
  service: 'Développement',
  email: 'contact@oliviers.dz',
  phone: '+213550123456',
  subject: 'Site de prise de rendez-vous',
  message: '<script>alert(1)</script>\nDeuxième ligne',
  receivedAt: Date.UTC(2024, 5, 1, 9, 0),
  read: true,
});

function renderList(messages: ContactMessage[], selected: string[] = []) {
  const opened: string[] = [];
  const toggled: string[] = [];
  render(
    <MessageList
      messages={messages}
      selected={new Set(selected)}
      onToggleSelected={(id) => toggled.push(id)}
      onOpen={(opening) => opened.push(opening.id)}
    />,
  );
  return { opened, toggled };
}

describe('inbox list on a narrow screen', () => {
  it('gives each message an item with its id, a button that opens it and a box', async () => {
    const { opened, toggled } = renderList([{ ...message, id: 'u', read: false }, message], ['a1']);
    const list = screen.getByRole('list', { name: 'Messages reçus' });
    const [unread, read] = within(list).getAllByRole('listitem');
    if (!unread || !read) throw new Error('items missing');
    expect(unread.dataset.messageId).toBe('u');
    expect(read.dataset.messageId).toBe('a1');

    const open = within(unread).getByRole('button');
    expect(open.textContent).toContain(message.fullName);
    expect(open.textContent).toContain(message.service);
    expect(open.textContent).toContain(message.subject);
    // The message as text, its lines joined.
    expect(open.textContent).toContain('<script>alert(1)</script> Deuxième ligne');
    expect(unread.querySelector('script')).toBeNull();
    expect(within(unread).getByText('Non lu,')).toHaveClass('visually-hidden');
    expect(within(read).queryByText(/non lu/)).toBeNull();
    expect(within(read).getByRole('checkbox')).toBeChecked();
    expect(within(unread).getByRole('checkbox')).toHaveAccessibleName(
      `Sélectionner le message de ${message.fullName}`,
    );

    await userEvent.click(open);
    await userEvent.click(within(unread).getByRole('checkbox'));
    expect(opened).toEqual(['u']);
    expect(toggled).toEqual(['u']);
  });

  it('dates each message briefly, the whole date in its tooltip, or N/A', () => {
    renderList([message, { ...message, id: 'pending', receivedAt: null }]);
    const [dated, pending] = screen.getAllByRole('listitem');
    const dateOf = (item: HTMLElement | undefined) => item?.querySelector('time');
    expect(dateOf(dated)?.textContent).toBe('01/06/2024');
    // In Algiers time (UTC+1), whatever the device's.
    expect(dateOf(dated)).toHaveAttribute('title', '01/06/2024 10:00:00');
    expect(dateOf(dated)).toHaveAttribute(
      'datetime',
      new Date(message.receivedAt ?? 0).toISOString(),
    );
    expect(dateOf(pending)?.textContent).toBe('N/A');
  });
});

describe('the language mark', () => {
  it('marks each message « AR » or « FR », named in French', () => {
    renderList([
      { ...message, id: 'ar1', language: 'ar' },
      { ...message, id: 'fr1', language: 'fr' },
    ]);
    const [arabic, french] = screen.getAllByRole('listitem');
    if (!arabic || !french) throw new Error('two items expected');
    expect(within(arabic).getByRole('img', { name: 'Message en arabe' })).toHaveTextContent('AR');
    expect(within(french).getByRole('img', { name: 'Message en français' })).toHaveTextContent(
      'FR',
    );
  });
});
