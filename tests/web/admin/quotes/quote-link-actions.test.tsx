// @vitest-environment jsdom
/**
 * A sent quote's link in the lead's panel (issue 44): « Envoyer sur WhatsApp » opens a chat with
 * the client's number, prefilled in the quote's language with its number, net to pay, validity
 * and link; « Copier le lien » copies that same link; both are logged through the store; a fixed
 * line is said to have no WhatsApp; « Nouveau lien » asks first and says the old link stops.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { QuoteStore } from '../../../../shared/backend/ports.ts';
import { sellerLegalDetails } from '../../../../shared/content/seller.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import { CURRENT_STAMP_DUTY_SCALE } from '../../../../shared/domain/quotes/stamp-duty.ts';
import { QuoteLinkActions } from '../../../../src-web/admin/features/quotes/quote-link-actions.tsx';

const LINK = 'https://agence.test/pageDevis#AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
const NNBSP = '\u202f';

const aQuote = (overrides: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  leadId: 'm1',
  number: 'DEV-2026-0001',
  version: 1,
  replacesId: null,
  status: 'envoye',
  language: 'fr',
  client: { kind: 'particulier', lastName: 'Client', firstName: '', address: 'Oran', phone: '' },
  lines: [
    {
      designation: 'Site vitrine',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 100_000_00n,
      discountBasisPoints: 0n,
      vatRate: 19,
    },
  ],
  paidInCash: false,
  validityDays: 30,
  issueDate: '2026-11-28',
  validUntil: '2026-12-28',
  seller: sellerLegalDetails,
  stampDutyScale: CURRENT_STAMP_DUTY_SCALE,
  createdAt: 1,
  updatedAt: 1,
  sentAt: 1,
  sentTo: null,
  answer: null,
  ...overrides,
});

function renderActions(quote: Quote, leadPhone: string | null) {
  const link = vi.fn<QuoteStore['link']>(() => Promise.resolve({ link: LINK }));
  const onNewLink = vi.fn(() => Promise.resolve());
  const store = { link } as unknown as QuoteStore;
  render(
    <QuoteLinkActions
      store={store}
      quote={quote}
      leadPhone={leadPhone}
      busy={false}
      onNewLink={onNewLink}
    />,
  );
  return { link, onNewLink, user: userEvent.setup() };
}

describe('a sent quote’s link, on the lead', () => {
  it('sends it on WhatsApp in one tap, prefilled in French, and logs it', async () => {
    const { link, user } = renderActions(aQuote(), '+213550123456');
    const whatsapp = await screen.findByRole('link', { name: 'Envoyer sur WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/213550123456');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain(`devis DEV-2026-0001 : net à payer 119${NNBSP}000,00 DA`);
    expect(text).toContain('valable jusqu’au 28/12/2026');
    expect(text).toContain(LINK);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    whatsapp.addEventListener('click', (event) => event.preventDefault());
    await user.click(whatsapp);
    expect(link).toHaveBeenLastCalledWith('q1', 'whatsapp');
    expect(await screen.findByText('Devis DEV-2026-0001 envoyé sur WhatsApp.')).toBeVisible();
  });

  it('writes the message in Arabic for an Arabic quote, to the quote’s own client phone', async () => {
    renderActions(
      aQuote({ language: 'ar', client: { ...aQuote().client, phone: '+213661234567' } }),
      '+213550123456',
    );
    const whatsapp = await screen.findByRole('link', { name: 'Envoyer sur WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href') ?? '');
    expect(href.pathname).toBe('/213661234567');
    expect(href.searchParams.get('text')).toContain('إليكم عرض الأسعار DEV-2026-0001');
  });

  it('copies the same link and logs it', async () => {
    const { link, user } = renderActions(aQuote(), '+213550123456');
    await screen.findByRole('link', { name: 'Envoyer sur WhatsApp' });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(link).toHaveBeenLastCalledWith('q1', 'lien');
    expect(await screen.findByText('Lien du devis DEV-2026-0001 copié.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Afficher le lien' }));
    expect(screen.getByTestId('quote-link')).toHaveTextContent(LINK);
  });

  it('says a fixed line cannot receive WhatsApp, and offers the link instead', async () => {
    renderActions(aQuote(), '+21341234567');
    expect(await screen.findByRole('button', { name: 'Copier le lien' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Envoyer sur WhatsApp' })).toBeNull();
    expect(screen.getByTestId('quote-whatsapp-unreachable')).toHaveTextContent(
      'Le 041 23 45 67 est un numéro fixe : il ne reçoit pas WhatsApp.',
    );
  });

  it('makes a new link only once confirmed, saying the old one stops working', async () => {
    const { onNewLink, user } = renderActions(aQuote(), '+213550123456');
    await user.click(await screen.findByRole('button', { name: 'Nouveau lien…' }));
    expect(
      screen.getByText(
        /L’ancien lien cessera de fonctionner : le client devra utiliser le nouveau\./u,
      ),
    ).toBeVisible();
    expect(onNewLink).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onNewLink).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Nouveau lien…' }));
    await user.click(screen.getByRole('button', { name: 'Faire un nouveau lien' }));
    expect(onNewLink).toHaveBeenCalledOnce();
  });
});
