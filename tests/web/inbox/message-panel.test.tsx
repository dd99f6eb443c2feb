// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../../shared/domain/contact.ts';
import { MessagePanel } from '../../../src-web/features/inbox/message-panel.tsx';

const message: ContactMessage = {
  id: 'm1',
  fullName: 'Nadia Ould Ali',
  service: 'Audiovisuel',
  email: 'nadia@exemple.dz',
  phone: '770112233',
  subject: 'Vidéo pour l’ouverture',
  message: '<b>Bonjour</b>\nUne vidéo de 30 secondes, s’il vous plaît.',
  receivedAt: null,
  read: true,
};

function Harness({ log }: { log: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && (
        <MessagePanel
          message={message}
          onClose={() => setOpen(false)}
          onSetRead={(_m, read) => log.push(`read:${read}`)}
          onDelete={() => log.push('delete')}
        />
      )}
    </>
  );
}

describe('message panel', () => {
  it('is a labelled dialog that takes focus, closes on Escape and gives focus back', async () => {
    const log: string[] = [];
    render(<Harness log={log} />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: message.subject });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Fermer le message' })).toHaveFocus();
    // The whole message, as text.
    expect(dialog.querySelector('.message-full-text')?.textContent).toBe(message.message);
    expect(dialog.querySelector('b')).toBeNull();
    expect(dialog).toHaveTextContent('0770112233');
    expect(dialog).toHaveTextContent('N/A');

    await userEvent.click(screen.getByRole('button', { name: 'Marquer comme non lu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(log).toEqual(['read:false', 'delete']);

    // Tab from the last control comes back to the first.
    screen.getByRole('button', { name: 'Supprimer' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Fermer le message' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('offers the reply shortcuts', async () => {
    render(<Harness log={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('link', { name: 'Appeler' })).toHaveAttribute(
      'href',
      'tel:+213770112233',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/213770112233',
    );
    expect(screen.getByRole('link', { name: 'Répondre par e-mail' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:nadia@exemple\.dz\?subject=Re%3A%20/),
    );
  });
});
