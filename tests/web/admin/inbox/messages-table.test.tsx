// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_COLUMNS } from '../../../../src-web/admin/features/inbox/columns.tsx';
import { MessagesTable } from '../../../../src-web/admin/features/inbox/messages-table.tsx';
import { aMessage } from '../../../fixtures/messages.ts';

const message = aMessage({
  id: 'a1',
  fullName: 'Clinique Les Oliviers',
  service: 'Développement',
  email: 'contact@oliviers.dz',
  phone: '550123456',
  subject: 'Site de prise de rendez-vous',
  message: '<script>alert(1)</script>\nDeuxième ligne',
  receivedAt: 1_717_200_000_500,
  read: true,
});

describe('dashboard table', () => {
  it('has the eight columns of the original dashboard, word for word', () => {
    render(<MessagesTable messages={[message]} />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      '#',
      'Nom Complet',
      'Service',
      'Email',
      'Téléphone',
      'Sujet',
      'Message',
      "Date d'Enregistrement",
    ]);
    expect(DASHBOARD_COLUMNS).toHaveLength(8);
  });

  it('adds the leading 0 to the phone and renders the message as text', () => {
    render(<MessagesTable messages={[message]} />);
    const row = screen.getAllByRole('row')[1];
    if (!row) throw new Error('row missing');
    const cells = within(row).getAllByRole('cell');
    expect(cells[3]?.textContent).toBe('0550 12 34 56');
    expect(cells[5]?.textContent).toBe(message.message);
    expect(row.querySelector('script')).toBeNull();
    expect(within(row).getByRole('rowheader').textContent).toBe('1');
  });

  it('marks unread rows, numbers from the page start, and opens a row', async () => {
    const opened: string[] = [];
    const toggled: string[] = [];
    render(
      <MessagesTable
        messages={[{ ...message, id: 'u', read: false }, message]}
        firstNumber={51}
        selected={new Set(['a1'])}
        onToggleSelected={(id) => toggled.push(id)}
        onOpen={(opening) => opened.push(opening.id)}
      />,
    );
    const [, unread, read] = screen.getAllByRole('row');
    if (!unread || !read) throw new Error('rows missing');
    expect(unread.dataset.messageId).toBe('u');
    expect(unread.className).toBe('message-unread');
    expect(within(unread).getByRole('rowheader').textContent).toBe('51 (non lu)');
    expect(read.className).toBe('message-read');
    expect(within(read).getByRole('rowheader').textContent).toBe('52');
    expect(within(read).getByRole('checkbox')).toBeChecked();
    await userEvent.click(within(unread).getByRole('button', { name: message.fullName }));
    await userEvent.click(within(unread).getAllByRole('cell')[5] as HTMLElement);
    await userEvent.click(within(unread).getByRole('checkbox'));
    expect(opened).toEqual(['u', 'u']);
    expect(toggled).toEqual(['u']);
    // The e-mail link answers with « Re: subject ».
    expect(within(read).getByRole('link', { name: message.email ?? '' })).toHaveAttribute(
      'href',
      'mailto:contact@oliviers.dz?subject=Re%3A%20Site%20de%20prise%20de%20rendez-vous',
    );
  });

  it('shows the date as a French locale string, or N/A when it is missing', () => {
    render(<MessagesTable messages={[message, { ...message, id: 'pending', receivedAt: null }]} />);
    const [, dated, pending] = screen.getAllByRole('row');
    if (!dated || !pending) throw new Error('rows missing');
    const dateOf = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1)?.textContent;
    // In Algiers time (UTC+1), whatever the device's: 2024-06-01T00:00:00.5Z.
    expect(dateOf(dated)).toBe('01/06/2024 01:00:00');
    expect(dateOf(dated)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(dateOf(pending)).toBe('N/A');
  });

  it('gives every value that may be cut its whole text as a tooltip', () => {
    render(<MessagesTable messages={[message]} onOpen={() => undefined} />);
    const row = screen.getAllByRole('row')[1];
    if (!row) throw new Error('row missing');
    const tooltips = [...row.querySelectorAll('[title]')].map((cell) => cell.getAttribute('title'));
    expect(tooltips).toEqual([
      message.fullName,
      message.email,
      '0550 12 34 56',
      message.subject,
      message.message,
    ]);
  });

  it('shows and calls a foreign number in international form; a non-number as it was kept', () => {
    render(
      <MessagesTable
        messages={[
          { ...message, phone: '+33612345678' },
          { ...message, id: 'x', phone: 'inconnu' },
        ]}
      />,
    );
    const [, foreign, unknown] = screen.getAllByRole('row');
    if (!foreign || !unknown) throw new Error('rows missing');
    expect(within(foreign).getByRole('link', { name: '+33 6 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:+33612345678',
    );
    expect(within(unknown).getAllByRole('cell')[3]?.textContent).toBe('inconnu');
    expect(within(unknown).queryByRole('link', { name: 'inconnu' })).toBeNull();
  });
});
