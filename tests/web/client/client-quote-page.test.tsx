// @vitest-environment jsdom
/**
 * Before the quote is read, its language is not known: the client's page says that it is
 * loading, or why it failed, in each language of the site (LANGUAGES), each in its own
 * direction — not in two languages written into the page. Once shown, an answer is sent only
 * after its confirmation (issue 44); in Chromium: tests/e2e/client-quote-answer.spec.ts.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BackendError } from '../../../shared/backend/ports.ts';
import { stampDutyScaleFor } from '../../../shared/domain/quotes/stamp-duty.ts';
import {
  QUOTE_MESSAGES,
  type PublicQuote,
  type QuoteAnswerInput,
} from '../../../shared/domain/quotes/record.ts';
import { A_REAL_SELLER } from '../../shared/backend/quotes-contract.ts';
import { LANGUAGES, localeOf } from '../../../shared/domain/routes.ts';
import { ClientQuotePage, type QuoteLinks } from '../../../src-web/client/client-quote-page.tsx';
import { CLIENT_QUOTE_TEXT } from '../../../src-web/client/client-quote-text.ts';

const never = () => new Promise<QuoteLinks>(() => undefined);

describe('the client’s quote page before its quote is known', () => {
  it('says it is loading in each language of the site, each in its direction', () => {
    render(<ClientQuotePage token="t" loadLinks={never} />);
    const status = screen.getByRole('status');
    for (const language of LANGUAGES) {
      const said = status.querySelector(`[lang="${language}"]`);
      expect(said?.textContent).toBe(CLIENT_QUOTE_TEXT[language].loading);
      expect(said?.getAttribute('dir')).toBe(localeOf(language).direction);
    }
  });

  it('says why it failed in each language, one alert for them all', async () => {
    const links: QuoteLinks = {
      readByToken: () =>
        Promise.reject(new BackendError('not-found', { message: QUOTE_MESSAGES.linkDead })),
      answer: () => Promise.reject(new Error('pas de réponse ici')),
    };
    render(<ClientQuotePage token="t" loadLinks={() => Promise.resolve(links)} />);
    const alert = await screen.findByRole('alert');
    const failure = alert.parentElement;
    for (const language of LANGUAGES) {
      const said = failure?.querySelector(`[lang="${language}"]`);
      expect(said?.textContent).toBe(
        CLIENT_QUOTE_TEXT[language].loadFailure(QUOTE_MESSAGES.linkDead),
      );
      expect(said?.getAttribute('dir')).toBe(localeOf(language).direction);
    }
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

// jsdom has no modal dialogs: opened only here (Chromium shows them in the e2e test).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const A_QUOTE: PublicQuote = {
  number: 'DEV-2026-0001',
  version: 1,
  status: 'envoye',
  language: 'fr',
  client: { kind: 'particulier', lastName: 'Client', firstName: '', address: 'Oran', phone: '' },
  lines: [
    {
      designation: 'Site dynamique',
      unit: 'forfait',
      quantityMilli: 1000n,
      unitPrice: 36_195_600n,
      discountBasisPoints: 0n,
      vatRate: 0,
    },
  ],
  paidInCash: false,
  validityDays: 30,
  issueDate: '2026-11-26',
  validUntil: '2026-12-26',
  seller: A_REAL_SELLER,
  stampDutyScale: stampDutyScaleFor('2026-11-26'),
  sentAt: Date.UTC(2026, 10, 26, 9),
  answer: null,
};

/** 20:14 in Algiers on 28 November 2026. */
const AT = Date.UTC(2026, 10, 28, 19, 14);

describe('the client’s answer on its page', () => {
  it('answers nothing on one tap: it asks « Accepter le devis DEV-2026-0001 pour 361 956,00 DA ? » first', async () => {
    const sent: QuoteAnswerInput[] = [];
    const links: QuoteLinks = {
      readByToken: () => Promise.resolve(A_QUOTE),
      answer: (_token, input) => {
        sent.push(input);
        return Promise.resolve({
          ...A_QUOTE,
          status: 'accepte',
          answer: { decision: 'accepte', comment: input.comment ?? null, at: AT },
        });
      },
    };
    render(<ClientQuotePage token="t" loadLinks={() => Promise.resolve(links)} />);
    // The net to pay, in figures, above the answer's buttons.
    expect((await screen.findByTestId('client-quote-net')).textContent).toBe(
      'Net à payer 361\u202f956,00\u00a0DA',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Accepter le devis' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Accepter le devis DEV-2026-0001 pour 361\u202f956,00\u00a0DA\u202f?',
    });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Commentaire (facultatif)'), {
      target: { value: 'D’accord.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accepter le devis' }));
    const again = screen.getByRole('dialog');
    expect(again.textContent).toContain('Votre commentaire : D’accord.');
    fireEvent.click(within(again).getByRole('button', { name: 'Oui, accepter le devis' }));
    const answered = await screen.findByTestId('client-quote-answered');
    expect(sent).toEqual([{ decision: 'accepte', comment: 'D’accord.' }]);
    expect(answered.textContent).toContain('Accepté en ligne le 28/11/2026 à 20:14');
    // The focus follows once the page has shown it (an effect after the render).
    await waitFor(() => expect(answered).toHaveFocus());
    // The printable quote says it too, in its « Bon pour accord » box.
    expect(screen.getByTestId('quote-answered').textContent).toBe(
      'Accepté en ligne le 28/11/2026 à 20:14Commentaire du client : D’accord.',
    );
  });
});
