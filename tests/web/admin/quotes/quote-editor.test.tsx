// @vitest-environment jsdom
/**
 * The quote editor, as the owner uses it: prefilled from a lead (its plan and price when it
 * came from a price card), totals computed live by the domain, a French error under each
 * refused field, and nothing handed to the store until every field is right.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BackendError } from '../../../../shared/backend/ports.ts';
import type { TaxRegime } from '../../../../shared/domain/quotes/seller.ts';
import { QuoteEditor } from '../../../../src-web/admin/features/quotes/quote-editor.tsx';
import {
  valuesForLead,
  type QuoteEditorResult,
  type QuoteEditorValues,
} from '../../../../src-web/admin/features/quotes/quote-editor-values.ts';
import { aMessage } from '../../../fixtures/messages.ts';
import { CONDITION_TIMEOUT_MS } from '../../../wait.ts';

// jsdom has no modal dialogs: the browser's own behaviour (tested in Chromium by the e2e
// tests) is only opened here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const REEL: TaxRegime = { kind: 'reel' };
const IFU: TaxRegime = {
  kind: 'ifu',
  mention: { fr: 'TVA non applicable.', ar: 'غير خاضع للرسم على القيمة المضافة.' },
};
const NNBSP = '\u202f';

function renderEditor(
  initial: QuoteEditorValues,
  regime: TaxRegime = REEL,
  onSave: (result: QuoteEditorResult) => Promise<void> = () => Promise.resolve(),
) {
  const save = vi.fn(onSave);
  render(
    <QuoteEditor
      title="Nouveau devis"
      initial={initial}
      regime={regime}
      onSave={save}
      onClose={() => {}}
      draftKey="devis:test:nouveau"
    />,
  );
  return { save, user: userEvent.setup() };
}

const fromPriceCard = aMessage({
  fullName: 'Client Exemple',
  email: 'client@exemple.dz',
  phone: '+213555123456',
  subject: 'Site statique — 28 000 DZD',
  language: 'fr',
});

describe('the quote editor', () => {
  it('names the legal mentions « Réglages » still lacks, and links to them (issue 49)', () => {
    render(
      <MemoryRouter>
        <QuoteEditor
          title="Nouveau devis"
          initial={valuesForLead(fromPriceCard, REEL)}
          regime={REEL}
          onSave={() => Promise.resolve()}
          onClose={() => {}}
          draftKey="devis:test:reglages"
          missing={[
            { field: 'legal.nif', label: 'le NIF', reason: 'missing' },
            { field: 'legal.rib', label: 'un RIB ou un CCP', reason: 'missing' },
          ]}
        />
      </MemoryRouter>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'Ce devis ne pourra pas être envoyé tant que ces mentions légales manquent ou restent des exemples : le NIF, un RIB ou un CCP. Il peut être enregistré et imprimé comme « Modèle ».',
    );
    expect(within(note).getByRole('link', { name: 'Compléter dans « Réglages »' })).toHaveAttribute(
      'href',
      '/pageDashboard?dossier=reglages#reglages-legal-nif',
    );
  });

  it('offers « Exonéré » under the réel, and says past the exemption’s end that it lapsed unless « Réglages » records an extension (issue 49)', async () => {
    const exempt = (issueDate: string): QuoteEditorValues => {
      const values = valuesForLead(fromPriceCard, REEL);
      return {
        ...values,
        issueDate,
        lines: values.lines.map((line) => ({ ...line, vatRate: '0' })),
      };
    };
    const editor = (
      issueDate: string,
      exemption?: { extendedUntil: string; confirmedOn: string },
    ) => (
      <MemoryRouter>
        <QuoteEditor
          title="Nouveau devis"
          initial={exempt(issueDate)}
          regime={REEL}
          onSave={() => Promise.resolve()}
          onClose={() => {}}
          draftKey={`devis:test:exonere:${issueDate}`}
          {...(exemption ? { exemption } : {})}
        />
      </MemoryRouter>
    );
    // Before the known end (31/12/2025): « Exonéré » chosen, nothing to say.
    const { unmount } = render(editor('2025-12-31'));
    const rate = screen.getByLabelText('TVA');
    expect(within(rate).getByRole('option', { name: 'Exonéré' })).toHaveProperty('selected', true);
    expect(within(rate).queryByRole('option', { name: '0 %' })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
    unmount();

    // After it, no extension recorded: lapsed, with the way to record one.
    const lapsed = render(editor('2026-11-29'));
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'L’exonération de TVA des sites web a pris fin le 31/12/2025 selon les sources connues : appliquez la TVA, sauf prolongation confirmée par votre comptable et notée dans « Réglages ».',
    );
    expect(
      within(note).getByRole('link', { name: 'Noter une prolongation dans « Réglages »' }),
    ).toHaveAttribute('href', '/pageDashboard?dossier=reglages#reglages-exemption-extendedUntil');
    // A line at 19 %: nothing exempt, nothing to say.
    await userEvent.setup().selectOptions(screen.getByLabelText('TVA'), '19');
    expect(screen.queryByRole('note')).toBeNull();
    lapsed.unmount();

    // The accountant confirmed an extension until 31/12/2026: still exempt.
    render(editor('2026-11-29', { extendedUntil: '2026-12-31', confirmedOn: '2026-01-15' }));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('opens prefilled from the lead, its plan and price, with the totals of that line', () => {
    renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'));
    // The name whole, as the lead typed it: the owner splits it if they wish.
    expect(screen.getByLabelText('Nom')).toHaveValue('Client Exemple');
    expect(screen.getByLabelText('Prénom')).toHaveValue('');
    expect(screen.getByLabelText('E-mail du client')).toHaveValue('client@exemple.dz');
    // The lead's phone, stored in E.164, as the inbox writes it.
    expect(screen.getByLabelText('Téléphone du client')).toHaveValue('0555 12 34 56');
    expect(screen.getByLabelText('Langue du devis')).toHaveValue('fr');
    expect(screen.getByLabelText('Désignation')).toHaveValue('Site statique');
    expect(screen.getByLabelText('Prix unitaire HT (DA)')).toHaveValue('28000');
    expect(screen.getByLabelText('Unité')).toHaveValue('forfait');
    expect(
      screen.getByText('Envoyé aujourd’hui, il serait valable jusqu’au 26 décembre 2026.'),
    ).toBeInTheDocument();
    const totals = screen.getByTestId('quote-totals');
    expect(totals.textContent).toContain(`Total HT28${NNBSP}000,00 DA`);
    expect(totals.textContent).toContain(`TVA 19 % sur 28${NNBSP}000,00 DA5${NNBSP}320,00 DA`);
    expect(screen.getByTestId('net-to-pay').textContent).toContain(`33${NNBSP}320,00 DA`);
    expect(
      screen.getByText(
        /^Arrêté le présent devis à la somme de trente-trois mille trois cent vingt/u,
      ),
    ).toBeInTheDocument();
  });

  it('takes an Arabic lead’s plan from the Arabic price cards, and the quote in Arabic', () => {
    const values = valuesForLead(
      { ...fromPriceCard, subject: 'موقع ثابت — 28.000 دج', language: 'ar' },
      REEL,
      '2026-11-26',
    );
    expect(values.language).toBe('ar');
    expect(values.lines[0]).toMatchObject({ unitPrice: '28000', unit: 'جزافي' });
    expect(values.lines[0]?.designation).not.toBe('');
  });

  it('starts an empty line when the lead did not come from a price card', () => {
    const values = valuesForLead({ ...fromPriceCard, subject: 'Une question' }, REEL);
    expect(values.lines).toEqual([
      { designation: '', quantity: '1', unit: '', unitPrice: '', discount: '', vatRate: '19' },
    ]);
  });

  it('recomputes the totals as the owner types, cash adding the droit de timbre', async () => {
    const { user } = renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'));
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '2');
    await user.type(screen.getByLabelText('Remise (%)'), '10');
    // 2 × 28 000 − 10 % = 50 400 HT, TVA 9 576, TTC 59 976.
    expect(screen.getByTestId('line-total').textContent).toContain(`50${NNBSP}400,00 DA`);
    expect(screen.getByTestId('net-to-pay').textContent).toContain(`59${NNBSP}976,00 DA`);
    await user.click(screen.getByLabelText('Paiement en espèces'));
    // 59 976 DA in cash: 1.5 % by started 100 DA, 600 × 1.5 = 900 DA.
    expect(screen.getByTestId('quote-totals').textContent).toContain('Droit de timbre900,00 DA');
    expect(screen.getByTestId('net-to-pay').textContent).toContain(`60${NNBSP}876,00 DA`);
  });

  // A title, an Arabic compound first name, a company in brackets: the first space was taken
  // for the end of the first name (« Dr » became the first name, « فاطمة » alone, the company
  // printed between the surname and the first name).
  for (const fullName of [
    'Dr Client Exemple',
    'فاطمة الزهراء تجريبي',
    'Client Exemple (EURL Atlas Services)',
  ]) {
    it(`keeps « ${fullName} » whole in « Nom », and saves it so without a first name`, async () => {
      const lead = aMessage({ fullName: `  ${fullName} `, email: 'client@exemple.dz' });
      const { save, user } = renderEditor(valuesForLead(lead, REEL, '2026-11-26'));
      expect(screen.getByLabelText('Nom')).toHaveValue(fullName);
      expect(screen.getByLabelText('Prénom')).toHaveValue('');
      expect(screen.getByLabelText('Prénom')).not.toBeRequired();
      await user.type(screen.getByLabelText('Adresse'), 'Oran');
      await user.type(screen.getByLabelText('Désignation'), 'Site vitrine');
      await user.type(screen.getByLabelText('Unité'), 'forfait');
      await user.type(screen.getByLabelText('Prix unitaire HT (DA)'), '28000');
      await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
      await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1), {
        timeout: CONDITION_TIMEOUT_MS,
      });
      expect(save.mock.calls[0]?.[0].fields.client).toMatchObject({
        kind: 'particulier',
        lastName: fullName,
        firstName: '',
      });
    });
  }

  it('says in French under each field what is wrong, and saves nothing', async () => {
    const { save, user } = renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'));
    await user.clear(screen.getByLabelText('Nom'));
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '-2');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));

    expect(
      await screen.findByText('Le devis n’est pas enregistré : corrigez les champs signalés.'),
    ).toBeInTheDocument();
    const lastName = screen.getByLabelText('Nom');
    expect(lastName).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(lastName).toHaveFocus();
    expect(screen.getAllByLabelText('Quantité')[0]).toHaveAccessibleDescription(
      'Saisissez un nombre positif.',
    );
    // The empty line: its designation, unit and price are asked for.
    expect(screen.getAllByLabelText('Désignation')[1]).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(screen.getAllByLabelText('Prix unitaire HT (DA)')[1]).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(save).not.toHaveBeenCalled();
  });

  it('asks a company for its NIF of 15 or 20 digits', async () => {
    const { save, user } = renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'));
    await user.click(screen.getByLabelText('Entreprise'));
    await user.type(screen.getByLabelText('Raison sociale'), 'Transport Oran Sud');
    await user.type(screen.getByLabelText('Adresse'), '12 rue de la Paix, Oran');
    await user.type(screen.getByLabelText('NIF'), '12345');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByLabelText('NIF')).toHaveAccessibleDescription(
      '15 ou 20 chiffres. Le NIF compte 15 ou 20 chiffres, par exemple 000016001234567.',
    );
    expect(save).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('NIF'));
    await user.type(screen.getByLabelText('NIF'), '000 016 001 234 567');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1), {
      timeout: CONDITION_TIMEOUT_MS,
    });
    expect(save.mock.calls[0]?.[0].fields.client).toEqual({
      kind: 'entreprise',
      legalName: 'Transport Oran Sud',
      address: '12 rue de la Paix, Oran',
      rc: '',
      nif: '000 016 001 234 567',
      nis: '',
      articleImposition: '',
      phone: '0555 12 34 56',
    });
  });

  it('refuses a phone that is no number, with the contact form’s sentence, and takes none', async () => {
    const { save, user } = renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'));
    await user.type(screen.getByLabelText('Adresse'), 'Alger');
    const phone = screen.getByLabelText('Téléphone du client');
    await user.clear(phone);
    await user.type(phone, '0550 12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByLabelText('Téléphone du client')).toHaveAccessibleDescription(
      'Facultatif ; écrit sur le devis. Saisissez un numéro de téléphone valide, par exemple 0550 12 34 56, ou +33 6 12 34 56 78 depuis l’étranger.',
    );
    expect(save).not.toHaveBeenCalled();

    // No phone at all is fine: it is optional.
    await user.clear(screen.getByLabelText('Téléphone du client'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1), {
      timeout: CONDITION_TIMEOUT_MS,
    });
    expect(save.mock.calls[0]?.[0].fields.client).toMatchObject({ phone: '' });
  });

  it('refuses under the IFU a line carrying TVA, and shows no TVA in the totals', async () => {
    const values = valuesForLead(fromPriceCard, IFU, '2026-11-26');
    values.lines = values.lines.map((line) => ({ ...line, vatRate: '19' }));
    const { save, user } = renderEditor(values, IFU);
    expect(screen.getByTestId('quote-totals')).not.toHaveTextContent('TVA');
    expect(screen.getByTestId('net-to-pay').textContent).toContain(`28${NNBSP}000,00 DA`);
    await user.type(screen.getByLabelText('Adresse'), 'Alger');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByLabelText('TVA')).toHaveAccessibleDescription(
      'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.',
    );
    expect(save).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('TVA'), '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1), {
      timeout: CONDITION_TIMEOUT_MS,
    });
  });

  it('hands over the quote as typed once the domain’s schema accepts it, and sends on request', async () => {
    const { save, user } = renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'));
    // The owner splits the name: « Nom » then « Prénom ».
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Exemple');
    await user.type(screen.getByLabelText('Prénom'), 'Client');
    await user.type(screen.getByLabelText('Adresse'), '5 boulevard Zighout Youcef, Constantine');
    await user.clear(screen.getByLabelText('Quantité'));
    await user.type(screen.getByLabelText('Quantité'), '1,5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et envoyer' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1), {
      timeout: CONDITION_TIMEOUT_MS,
    });
    expect(save.mock.calls[0]?.[0]).toEqual({
      fields: {
        language: 'fr',
        validityDays: 30,
        client: {
          kind: 'particulier',
          lastName: 'Exemple',
          firstName: 'Client',
          address: '5 boulevard Zighout Youcef, Constantine',
          phone: '0555 12 34 56',
        },
        lines: [
          {
            designation: 'Site statique',
            quantity: '1,5',
            unit: 'forfait',
            unitPrice: '28000',
            vatRate: 19,
          },
        ],
        paidInCash: false,
      },
      email: 'client@exemple.dz',
      send: true,
    });
    expect(await screen.findByText('Devis enregistré et envoyé.')).toBeInTheDocument();
  });

  it('shows the store’s refusal under its field, and says the quote is not saved', async () => {
    const { user } = renderEditor(valuesForLead(fromPriceCard, REEL, '2026-11-26'), REEL, () =>
      Promise.reject(
        new BackendError('invalid-input', {
          fields: {
            'lines.0.unitPrice': 'Le prix unitaire ne doit pas dépasser 999 999 999,99 DA.',
          },
        }),
      ),
    );
    await user.type(screen.getByLabelText('Adresse'), 'Alger');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByLabelText('Prix unitaire HT (DA)')).toHaveAccessibleDescription(
      'Le prix unitaire ne doit pas dépasser 999 999 999,99 DA.',
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/^Le devis n’est pas enregistré : /u)).toBeInTheDocument();
  });
});
