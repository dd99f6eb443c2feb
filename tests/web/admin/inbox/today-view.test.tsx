// @vitest-environment jsdom
import {
  EVERY_DAY_HOURS,
  type WorkingHours,
} from '../../../../shared/domain/leads/business-hours.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { newLead } from '../../../../shared/domain/leads/pipeline.ts';
import { keptAsSpamOn } from '../../../../shared/domain/spam-day.ts';
import { TodayView } from '../../../../src-web/admin/features/inbox/today-view.tsx';
import { aMessage } from '../../../fixtures/messages.ts';
import { aSentQuote } from '../../../fixtures/quotes.ts';
import type { Quote } from '../../../../shared/domain/quotes/record.ts';
import type { Invoice } from '../../../../shared/domain/invoices/invoice.ts';
import { aPayment, anIssuedInvoice } from '../../../fixtures/invoices.ts';

// Thursday 26 November 2026, 10:00 in Algiers (UTC+1).
const now = Date.UTC(2026, 10, 26, 9);
const hour = 60 * 60 * 1000;

const messages = [
  aMessage({
    id: 'relance',
    fullName: 'Clinique Les Oliviers',
    subject: 'Site',
    receivedAt: now - 72 * hour,
  }),
  aMessage({
    id: 'retard',
    fullName: 'Transport Oran Sud',
    subject: 'Logo',
    receivedAt: now - 96 * hour,
  }),
  aMessage({
    id: 'muet',
    fullName: 'Boulangerie El Bahia',
    subject: 'Menu',
    receivedAt: now - 20 * hour,
  }),
  aMessage({
    id: 'plus-tard',
    fullName: 'Pépinière du Sig',
    subject: 'Vidéo',
    receivedAt: now - 9 * hour,
  }),
];
const leads = new Map(
  [
    { id: 'relance', status: 'contacte' as const, nextActionAt: now + 2 * hour },
    { id: 'retard', status: 'contacte' as const, nextActionAt: now - 30 * hour },
    { id: 'plus-tard', status: 'devis-envoye' as const, nextActionAt: now + 72 * hour },
  ].map((lead) => [lead.id, { ...newLead(lead.id), ...lead }]),
);

function renderToday(spam: { receivedAt: number | null }[], hours: WorkingHours = EVERY_DAY_HOURS) {
  const opened: string[] = [];
  render(
    <MemoryRouter>
      <TodayView
        messages={messages}
        leads={leads}
        spam={spam}
        now={now}
        hours={hours}
        onOpen={(id) => opened.push(id)}
      />
    </MemoryRouter>,
  );
  return opened;
}

describe('« Aujourd’hui »', () => {
  it('lists what the digest lists, each lead opening in its panel, and the spam kept today', async () => {
    const opened = renderToday([
      { receivedAt: now - hour },
      { receivedAt: now - 2 * hour },
      // Yesterday evening in Algiers: not today's.
      { receivedAt: now - 11 * hour },
    ]);
    const group = (name: RegExp) => screen.getByRole('region', { name });
    expect(within(group(/^À relancer aujourd’hui/u)).getByRole('button')).toHaveTextContent(
      /Clinique Les Oliviers/u,
    );
    expect(within(group(/^En retard/u)).getByRole('button')).toHaveTextContent(
      /Transport Oran Sud/u,
    );
    const unanswered = within(group(/^Sans réponse/u)).getByRole('button');
    expect(unanswered).toHaveTextContent(/Boulangerie El Bahia/u);
    expect(screen.queryByText('Pépinière du Sig')).toBeNull();
    expect(screen.getByText(/2 messages gardés comme indésirables aujourd’hui/u)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'vérifiez qu’aucun client n’y est tombé' }),
    ).toHaveAttribute('href', '/?dossier=indesirables');

    await userEvent.setup().click(unanswered);
    expect(opened).toEqual(['muet']);
  });

  it('counts « Sans réponse » in the working hours of « Réglages », as the digest does (issue 49)', () => {
    // One working hour a day, 08:00–09:00 Sunday to Thursday: the message of Wednesday 14:00
    // has had one of its two by Thursday 10:00.
    renderToday([], { days: [0, 1, 2, 3, 4], opensMinute: 8 * 60, closesMinute: 9 * 60 });
    expect(screen.queryByRole('region', { name: /^Sans réponse/u })).toBeNull();
    expect(screen.queryByText(/Boulangerie El Bahia/u)).toBeNull();
  });

  it('says when there is nothing to do', () => {
    render(
      <MemoryRouter>
        <TodayView
          messages={[]}
          leads={new Map()}
          spam={[]}
          now={now}
          hours={EVERY_DAY_HOURS}
          onOpen={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Rien à faire aujourd’hui.')).toBeVisible();
  });

  it('lists a quote sent 3 days ago and never opened, by number, client and day sent, opening its lead (issue 44)', async () => {
    const opened: string[] = [];
    let answer: (quotes: Quote[]) => void = () => {};
    const store = { list: () => new Promise<Quote[]>((resolve) => (answer = resolve)) };
    render(
      <MemoryRouter>
        <TodayView
          messages={[messages[3] as (typeof messages)[number]]}
          leads={leads}
          spam={[]}
          quotes={store}
          now={now}
          hours={EVERY_DAY_HOURS}
          onOpen={(id) => opened.push(id)}
        />
      </MemoryRouter>,
    );
    // « Rien à faire » waits for the quotes.
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des devis…');
    expect(screen.queryByText('Rien à faire aujourd’hui.')).toBeNull();
    answer([
      // Monday 23 November, 16:00 in Algiers: three days before Thursday.
      aSentQuote({
        id: 'q1',
        leadId: 'plus-tard',
        number: 'DEV-2026-0007',
        sentAt: Date.UTC(2026, 10, 23, 15),
        client: {
          kind: 'particulier',
          lastName: 'Pépinière du Sig',
          firstName: '',
          address: 'Sig',
          phone: '',
        },
      }),
      // Opened by the client, and one sent only yesterday: neither is listed.
      aSentQuote({
        id: 'q2',
        leadId: 'plus-tard',
        number: 'DEV-2026-0008',
        sentAt: now - 72 * hour,
        viewedAt: now - hour,
      }),
      aSentQuote({
        id: 'q3',
        leadId: 'plus-tard',
        number: 'DEV-2026-0009',
        sentAt: now - 24 * hour,
      }),
    ]);
    const group = await screen.findByRole('region', { name: /^Devis pas encore ouverts/u });
    const entry = within(group).getByRole('button');
    expect(entry).toHaveTextContent(/DEV-2026-0007 · Pépinière du Sig/u);
    expect(entry).toHaveTextContent(/Envoyé le 23 nov\. 2026, 16:00, pas encore ouvert/u);
    expect(within(group).getAllByRole('button')).toHaveLength(1);
    await userEvent.setup().click(entry);
    expect(opened).toEqual(['plus-tard']);
  });

  it('says when the quotes cannot be read, and still lists the rest', async () => {
    render(
      <MemoryRouter>
        <TodayView
          messages={messages}
          leads={leads}
          spam={[]}
          quotes={{ list: () => Promise.reject(new Error('Connexion perdue.')) }}
          now={now}
          hours={EVERY_DAY_HOURS}
          onOpen={() => {}}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Impossible de vérifier les devis non ouverts : /u,
    );
    expect(screen.getByRole('region', { name: /^En retard/u })).toBeVisible();
  });

  it('lists the invoices « En retard », each a link to it in « Factures », after the invoices are read (issue 46)', async () => {
    let answer: (invoices: Invoice[]) => void = () => {};
    const store = { list: () => new Promise<Invoice[]>((resolve) => (answer = resolve)) };
    render(
      <MemoryRouter>
        <TodayView
          messages={[]}
          leads={new Map()}
          spam={[]}
          invoices={store}
          now={now}
          hours={EVERY_DAY_HOURS}
          onOpen={() => {}}
        />
      </MemoryRouter>,
    );
    // « Rien à faire » waits for the invoices.
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des factures…');
    expect(screen.queryByText('Rien à faire aujourd’hui.')).toBeNull();
    answer([
      // Due on Wednesday the 25th, nothing paid: late on Thursday.
      anIssuedInvoice({ id: 'f1', dueDate: '2026-11-25' }),
      // Due today, and one paid: neither is listed.
      anIssuedInvoice({ id: 'f2', number: 'FAC-2026-0002', dueDate: '2026-11-26' }),
      anIssuedInvoice({
        id: 'f3',
        number: 'FAC-2026-0003',
        dueDate: '2026-11-20',
        payments: [aPayment(142_800_00n, '2026-11-20')],
      }),
    ]);
    const group = await screen.findByRole('region', { name: /^Factures en retard de paiement/u });
    const entry = within(group).getByRole('link');
    expect(entry).toHaveTextContent(/FAC-2026-0001 · Transport Oran Sud/u);
    expect(entry).toHaveTextContent(
      /En retard : reste à payer 142\s800,00 DA, échue le 25\/11\/2026/u,
    );
    expect(entry).toHaveAttribute('href', '/?dossier=factures&facture=f1');
    expect(within(group).getAllByRole('link')).toHaveLength(1);
  });

  it('counts the spam of an Algiers day', () => {
    expect(keptAsSpamOn([{ receivedAt: now }, { receivedAt: null }], '2026-11-26')).toBe(1);
    // 23:30 UTC on the 25th is already the 26th in Algiers.
    expect(keptAsSpamOn([{ receivedAt: Date.UTC(2026, 10, 25, 23, 30) }], '2026-11-26')).toBe(1);
  });
});
