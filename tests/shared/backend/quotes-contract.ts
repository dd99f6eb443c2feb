import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BackendError,
  type Backend,
  type LeadPipeline,
  type QuoteStore,
} from '../../../shared/backend/ports.ts';
import { sellerLegalDetails } from '../../../shared/content/seller.ts';
import { FRENCH_CONTACT_MESSAGES } from '../../../shared/domain/contact.ts';
import { describeLeadEvent } from '../../../shared/domain/leads/pipeline.ts';
import {
  QUOTE_MESSAGES,
  QUOTE_TOKEN_PATTERN,
  quoteTotals,
} from '../../../shared/domain/quotes/record.ts';
import { answeredText } from '../../../shared/domain/quotes/answer-text.ts';
import type { QuoteDraftFields } from '../../../shared/domain/quotes/record.ts';
import type { SellerLegalDetails } from '../../../shared/domain/quotes/seller.ts';
import { stampDutyScaleFor } from '../../../shared/domain/quotes/stamp-duty.ts';
import { todayInAlgiers } from '../../../shared/domain/quotes/validity.ts';
import { CONTRACT_MESSAGE, type ContractHarness } from './contract.ts';
import { recordLeads } from './lead-pipeline-contract.ts';

/** A backend whose clock and agency details the test sets. */
export interface QuotesHarness extends ContractHarness {
  /** Moves the backend's clock to this instant (ms); sessions may end with the jump. */
  setNow(ms: number): void | Promise<void>;
  /** The agency's legal details the backend sends quotes with from now on (« Réglages »). */
  setSeller(seller: SellerLegalDetails): void | Promise<void>;
}

/** 26 November 2026, 10:00 in Algiers. */
export const QUOTES_START = Date.UTC(2026, 10, 26, 9, 0, 0);

export const A_DRAFT: QuoteDraftFields = {
  language: 'fr',
  validityDays: 30,
  client: {
    kind: 'particulier',
    lastName: 'Exemple',
    firstName: 'Client',
    address: 'Oran',
    phone: '+213550123456',
  },
  lines: [
    {
      designation: 'Site vitrine',
      quantity: '1',
      unit: 'forfait',
      unitPrice: '120 000',
      vatRate: 19,
    },
    {
      designation: 'Hébergement',
      quantity: '12',
      unit: 'mois',
      unitPrice: '1 500,50',
      discount: '10',
      vatRate: 9,
    },
  ],
  paidInCash: true,
};

/**
 * An agency's real-looking details (invented numbers whose keys are right): what « Réglages »
 * gives once filled. A quote is sent only with such details (issue 49).
 */
export const A_REAL_SELLER: SellerLegalDetails = {
  placeholder: false,
  legalName: 'Atelier Numérique Tlemcen',
  legalForm: { fr: 'SARL au capital de 100 000 DA', ar: 'ش.ذ.م.م' },
  address: { fr: '12 rue de la Paix, Tlemcen', ar: '12 شارع السلام، تلمسان' },
  rc: '13/00-0123456 B 24',
  nif: '001213012345678',
  nis: '001213010012345',
  articleImposition: '13011234567',
  account: { kind: 'rib', bank: 'CPA', rib: '00799999002311500797' },
  taxRegime: { kind: 'reel' },
};

export const IFU_SELLER: SellerLegalDetails = {
  ...A_REAL_SELLER,
  legalName: 'Atelier Numérique Tlemcen (IFU)',
  taxRegime: {
    kind: 'ifu',
    mention: {
      fr: 'Contribuable soumis à l’IFU : TVA non applicable.',
      ar: 'خاضع للضريبة الجزافية الوحيدة.',
    },
  },
};

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a rejection');
}

const tokenOf = (link: string) => new URL(link).hash.slice(1);

export function quotesOf(backend: Backend): QuoteStore {
  if (!backend.quotes) throw new Error('no quotes');
  return backend.quotes;
}

function leadsOf(backend: Backend): LeadPipeline {
  if (!backend.leads) throw new Error('no lead pipeline');
  return backend.leads;
}

/**
 * The quotes' contract (issue 34), the same on every backend that has them: numbering,
 * versions, locking, freezing, states, expiry, the lead that follows, the client's answer by
 * the link, French refusals that store nothing, admin only.
 */
export function describeQuotesContract(name: string, setup: () => Promise<QuotesHarness>) {
  describe(`QuoteStore contract: ${name}`, () => {
    const current: { harness?: QuotesHarness } = {};
    beforeEach(async () => {
      current.harness = await setup();
    });
    afterEach(async () => {
      await current.harness?.dispose();
      current.harness = undefined;
    });
    const harness = () => {
      if (!current.harness) throw new Error('no harness');
      return current.harness;
    };

    async function signedIn(): Promise<Backend> {
      const backend = harness().client();
      await backend.session.signIn(harness().admin.email, harness().admin.password);
      return backend;
    }

    async function lead(subject = 'Un devis pour un site'): Promise<string> {
      const { id } = await harness()
        .client()
        .messages.send({ ...CONTRACT_MESSAGE, subject });
      return id;
    }

    it('keeps quotes to the owner: a visitor reads and writes none', async () => {
      const id = await lead();
      const visitor = quotesOf(harness().client());
      expect((await rejection(visitor.list())).code).toBe('unauthorized');
      expect((await rejection(visitor.createDraft(id, A_DRAFT))).code).toBe('unauthorized');
      const owner = quotesOf(await signedIn());
      const draft = await owner.createDraft(id, A_DRAFT);
      expect((await rejection(visitor.get(draft.id))).code).toBe('unauthorized');
      expect((await rejection(visitor.send(draft.id))).code).toBe('unauthorized');
    });

    it('refuses bad input in French under each field and stores nothing', async () => {
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const bad = await rejection(
        owner.createDraft(id, {
          ...A_DRAFT,
          client: {
            kind: 'entreprise',
            legalName: '',
            address: 'Alger',
            nif: '12345',
            phone: '0550 12',
          },
          lines: [
            {
              designation: 'Site',
              quantity: '-2',
              unit: 'forfait',
              unitPrice: '1000',
              vatRate: 19,
            },
            { designation: '', quantity: '1', unit: 'forfait', unitPrice: '1000', vatRate: 7 as 9 },
          ],
        }),
      );
      expect(bad.code).toBe('invalid-input');
      expect(bad.fields).toMatchObject({
        'client.legalName': 'Ce champ est obligatoire.',
        'client.nif': 'Le NIF compte 15 ou 20 chiffres, par exemple 000016001234567.',
        'client.phone': FRENCH_CONTACT_MESSAGES.phone,
        'lines.0.quantity': 'Saisissez un nombre positif.',
        'lines.1.designation': 'Ce champ est obligatoire.',
        'lines.1.vatRate': 'Choisissez un taux de TVA : 19 %, 9 % ou 0 %.',
      });
      const empty = await rejection(owner.createDraft(id, { ...A_DRAFT, lines: [] }));
      expect(empty.fields?.lines).toBe('Ajoutez au moins une ligne au devis.');
      const missingLead = await rejection(owner.createDraft('message-inexistant', A_DRAFT));
      expect(missingLead.code).toBe('not-found');
      expect(await owner.list()).toEqual([]);

      // An update refused keeps the draft as it was.
      const draft = await owner.createDraft(id, A_DRAFT);
      const noName = await rejection(
        owner.updateDraft(draft.id, {
          ...A_DRAFT,
          client: { kind: 'particulier', lastName: ' ', firstName: 'Client', address: 'Oran' },
        }),
      );
      expect(noName.fields?.['client.lastName']).toBe('Ce champ est obligatoire.');
      expect((await owner.get(draft.id)).client).toEqual(A_DRAFT.client);

      // The client's phone as the owner types it is kept in E.164, like a lead's; none is ''.
      const typed = await owner.updateDraft(draft.id, {
        ...A_DRAFT,
        client: { ...A_DRAFT.client, phone: '0770 11 22 33' },
      });
      expect(typed.client.phone).toBe('+213770112233');
      const noPhone = await owner.updateDraft(draft.id, {
        ...A_DRAFT,
        client: { kind: 'particulier', lastName: 'Exemple', firstName: 'Client', address: 'Oran' },
      });
      expect((await owner.get(noPhone.id)).client.phone).toBe('');
    });

    it('sends a draft: numbered, dated today, locked, its lead « Devis envoyé » on its timeline', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const backend = await signedIn();
      const owner = quotesOf(backend);
      const draft = await owner.createDraft(id, A_DRAFT);
      expect(draft).toMatchObject({ status: 'brouillon', number: null, version: 1, leadId: id });
      expect(draft.lines[1]).toMatchObject({
        quantityMilli: 12_000n,
        unitPrice: 1_500_50n,
        discountBasisPoints: 1000n,
      });
      expect(await owner.listByLead(id)).toHaveLength(1);

      const sent = await owner.send(draft.id);
      expect(sent.quote).toMatchObject({
        status: 'envoye',
        number: 'DEV-2026-0001',
        issueDate: '2026-11-26',
        validUntil: '2026-12-26',
      });
      expect(sent.quote.sentAt).not.toBeNull();
      expect(tokenOf(sent.link)).toMatch(/^[A-Za-z0-9_-]{43}$/u);

      const locked = await rejection(owner.updateDraft(draft.id, A_DRAFT));
      expect(locked.code).toBe('refused');
      expect(locked.message).toBe(QUOTE_MESSAGES.locked);
      expect((await rejection(owner.removeDraft(draft.id))).message).toBe(QUOTE_MESSAGES.notADraft);
      expect((await rejection(owner.send(draft.id))).message).toBe(
        'Un devis envoyé ne peut pas être envoyé.',
      );

      const leads = recordLeads(leadsOf(backend));
      const followed = await leads.untilLead(
        id,
        (l) => l.status === 'devis-envoye',
        'Devis envoyé',
      );
      expect(followed.timeline[0]).toMatchObject({ type: 'status', status: 'devis-envoye' });
      leads.stop();
    });

    it('numbers one unbroken series per year, never reusing a number, even after a deletion', async () => {
      await harness().setNow(QUOTES_START);
      const backend = await signedIn();
      const owner = quotesOf(backend);
      const numbers: (string | null)[] = [];
      const leadIds: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const id = await lead(`Devis ${index}`);
        leadIds.push(id);
        const draft = await owner.createDraft(id, A_DRAFT);
        // A draft deleted takes no number.
        await owner.removeDraft((await owner.createDraft(id, A_DRAFT)).id);
        numbers.push((await owner.send(draft.id)).quote.number);
      }
      expect(numbers).toEqual(['DEV-2026-0001', 'DEV-2026-0002', 'DEV-2026-0003']);

      // The last quote goes with its message: its number is not given again.
      await backend.messages.remove(leadIds.slice(2));
      // (Sent at the same instant on the test's clock: their order is not the point.)
      expect((await owner.list()).map((q) => q.number).sort()).toEqual([
        'DEV-2026-0001',
        'DEV-2026-0002',
      ]);
      const fourth = await owner.createDraft(await lead('Devis 4'), A_DRAFT);
      expect((await owner.send(fourth.id)).quote.number).toBe('DEV-2026-0004');

      // 1 January 2027 in Algiers: a new series.
      await harness().setNow(Date.UTC(2027, 0, 1, 8, 0, 0));
      const later = quotesOf(await signedIn());
      const first2027 = await later.createDraft(await lead('Devis 2027'), A_DRAFT);
      const sent2027 = await later.send(first2027.id);
      expect(sent2027.quote).toMatchObject({ number: 'DEV-2027-0001', issueDate: '2027-01-01' });
      const second2027 = await later.createDraft(await lead('Devis 2027 bis'), A_DRAFT);
      expect((await later.send(second2027.id)).quote.number).toBe('DEV-2027-0002');
    });

    it('changes a sent quote by a new version that keeps its number; sending it replaces the old one, whose link dies', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const first = await owner.send((await owner.createDraft(id, A_DRAFT)).id);

      const v2 = await owner.newVersion(first.quote.id);
      expect(v2).toMatchObject({
        status: 'brouillon',
        number: 'DEV-2026-0001-V2',
        version: 2,
        replacesId: first.quote.id,
        client: A_DRAFT.client,
      });
      // Until V2 goes out, V1 stands and its link works.
      expect((await owner.get(first.quote.id)).status).toBe('envoye');
      expect((await owner.readByToken(tokenOf(first.link))).number).toBe('DEV-2026-0001');
      expect((await rejection(owner.newVersion(first.quote.id))).message).toBe(
        QUOTE_MESSAGES.versionPending,
      );
      expect((await rejection(owner.newVersion(v2.id))).message).toBe(
        QUOTE_MESSAGES.versionOfDraft,
      );

      const changed = await owner.updateDraft(v2.id, {
        ...A_DRAFT,
        lines: [
          {
            designation: 'Site vitrine',
            quantity: '1',
            unit: 'forfait',
            unitPrice: '100 000',
            vatRate: 19,
          },
        ],
      });
      expect(changed.lines).toHaveLength(1);
      const second = await owner.send(v2.id);
      expect(second.quote).toMatchObject({ status: 'envoye', number: 'DEV-2026-0001-V2' });
      expect((await owner.get(first.quote.id)).status).toBe('remplace');

      const dead = await rejection(owner.readByToken(tokenOf(first.link)));
      expect(dead.code).toBe('not-found');
      expect(dead.message).toBe(QUOTE_MESSAGES.linkDead);
      expect(
        (await rejection(owner.answer(tokenOf(first.link), { decision: 'accepte' }))).code,
      ).toBe('not-found');
      expect((await owner.readByToken(tokenOf(second.link))).number).toBe('DEV-2026-0001-V2');
      expect((await rejection(owner.newVersion(first.quote.id))).message).toBe(
        QUOTE_MESSAGES.versionOfReplaced,
      );
      // The series did not move: the next quote is 0002.
      const next = await owner.createDraft(await lead('Autre'), A_DRAFT);
      expect((await owner.send(next.id)).quote.number).toBe('DEV-2026-0002');
    });

    it('makes one new version when two devices ask for it at once; the other is told in French', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const laptop = quotesOf(await signedIn());
      const phone = quotesOf(await signedIn());
      const sent = await laptop.send((await laptop.createDraft(id, A_DRAFT)).id);
      const asked = await Promise.allSettled([
        laptop.newVersion(sent.quote.id),
        phone.newVersion(sent.quote.id),
      ]);
      const made = asked.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refused = asked.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      expect(made.map((quote) => quote.number)).toEqual(['DEV-2026-0001-V2']);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(BackendError);
      expect((refused[0] as BackendError).message).toBe(QUOTE_MESSAGES.versionPending);
      // Either device sees the one draft, and the quote it replaces.
      for (const device of [laptop, phone]) {
        expect((await device.listByLead(id)).map((quote) => [quote.number, quote.status])).toEqual([
          ['DEV-2026-0001-V2', 'brouillon'],
          ['DEV-2026-0001', 'envoye'],
        ]);
      }
    });

    it('sends no new version once the client has accepted the one before it', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const first = await owner.send((await owner.createDraft(id, A_DRAFT)).id);
      // The owner starts a V2 while V1 is out; the client accepts V1 meanwhile.
      const v2 = await owner.newVersion(first.quote.id);
      await owner.answer(tokenOf(first.link), { decision: 'accepte' });
      const refused = await rejection(owner.send(v2.id));
      expect(refused.message).toBe(QUOTE_MESSAGES.previousAccepted);
      expect((await owner.get(v2.id)).status).toBe('brouillon');
      expect((await owner.get(first.quote.id)).status).toBe('accepte');
      // The draft goes, the series keeps its one accepted quote.
      await owner.removeDraft(v2.id);
      expect((await owner.listByLead(id)).map((quote) => quote.status)).toEqual(['accepte']);
    });

    it('refuses to send while a legal mention is missing or still an example; the draft stays', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      await harness().setSeller(sellerLegalDetails);
      const draft = await owner.createDraft(id, A_DRAFT);
      expect(draft.seller.placeholder).toBe(true);
      const refused = await rejection(owner.send(draft.id));
      expect(refused.code).toBe('refused');
      expect(refused.message).toMatch(
        /^Ce devis ne peut pas être envoyé : .*le NIF.* Complétez les mentions légales dans « Réglages »\./u,
      );
      expect((await owner.get(draft.id)).status).toBe('brouillon');
      expect((await owner.get(draft.id)).number).toBeNull();

      await harness().setSeller({ ...A_REAL_SELLER, nif: '' });
      expect((await rejection(owner.send(draft.id))).message).toBe(
        'Ce devis ne peut pas être envoyé : il manque le NIF. Complétez les mentions légales dans « Réglages ». Un brouillon reste enregistré et s’imprime comme « Modèle ».',
      );

      await harness().setSeller(A_REAL_SELLER);
      const sent = await owner.send(draft.id);
      expect(sent.quote.number).toBe('DEV-2026-0001');
      expect(sent.quote.seller).toMatchObject({ placeholder: false, nif: A_REAL_SELLER.nif });
    });

    it('freezes the agency’s details, tax regime and droit de timbre scale when sending', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const sent = await owner.send((await owner.createDraft(id, A_DRAFT)).id);
      const before = quoteTotals(sent.quote);
      expect(sent.quote.stampDutyScale).toEqual(stampDutyScaleFor('2026-11-26'));
      expect(before.vat.map((v) => v.rate)).toEqual([19, 9]);
      expect(before.stampDuty).toBeGreaterThan(0n);

      // The agency changes regime: the sent quote keeps what it was sent with.
      await harness().setSeller(IFU_SELLER);
      const kept = await owner.get(sent.quote.id);
      expect(kept.seller).toEqual(sent.quote.seller);
      expect(kept.seller.taxRegime).toEqual({ kind: 'reel' });
      expect(quoteTotals(kept)).toEqual(before);
      expect((await owner.readByToken(tokenOf(sent.link))).seller.taxRegime).toEqual({
        kind: 'reel',
      });

      // A new draft follows the new regime: no TVA.
      const refused = await rejection(owner.createDraft(id, A_DRAFT));
      expect(refused.fields?.['lines.0.vatRate']).toBe(
        'Au régime de l’IFU, le devis ne porte pas de TVA : choisissez 0 %.',
      );
      const ifuDraft = await owner.createDraft(id, {
        ...A_DRAFT,
        lines: [
          { designation: 'Site', quantity: '1', unit: 'forfait', unitPrice: '50 000', vatRate: 0 },
        ],
      });
      expect(ifuDraft.seller.legalName).toBe(IFU_SELLER.legalName);
    });

    it('refuses bidi controls, invisible marks and control characters in the owner’s text and the client’s comment, as the contact form does (issue 47, finding 5)', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const sentences = FRENCH_CONTACT_MESSAGES;
      const A_LINE = {
        designation: 'Site vitrine',
        quantity: '1',
        unit: 'forfait',
        unitPrice: '120 000',
        vatRate: 19,
      } as const;
      const typed = await rejection(
        owner.createDraft(id, {
          ...A_DRAFT,
          client: {
            kind: 'particulier',
            // Printed « 12345678- » on the quote.
            lastName: 'Facture 1234\u200F-5678',
            firstName: 'Client\u0007',
            address: 'Rue 1\nOran',
          },
          lines: [
            { ...A_LINE, designation: '\u200B' },
            { ...A_LINE, unit: 'mois\u0000' },
            { ...A_LINE, designation: 'Site \u2067\u202Eelbuod' },
          ],
        }),
      );
      expect(typed.code).toBe('invalid-input');
      expect(typed.fields).toMatchObject({
        'client.lastName': sentences.invisibleMarks('Le nom'),
        'client.firstName': sentences.forbiddenCharacters('Le prénom'),
        'client.address': sentences.forbiddenCharacters('L’adresse'),
        'lines.0.designation': sentences.invisibleOnly('La désignation'),
        'lines.1.unit': sentences.forbiddenCharacters('L’unité'),
        'lines.2.designation': sentences.bidiControls('La désignation'),
      });
      expect(await owner.list()).toEqual([]);

      const sent = await owner.send((await owner.createDraft(id, A_DRAFT)).id);
      const client = quotesOf(harness().client());
      const token = tokenOf(sent.link);
      // A PDI then an RLO reversed the owner's e-mail line; the push showed it raw.
      const comments = {
        'Merci \u2069\u202Eruoc ne': sentences.bidiControls('Le commentaire'),
        'Bon\u200Bpour accord': sentences.invisibleMarks('Le commentaire'),
        'Bon pour accord\u0000': sentences.forbiddenCharacters('Le commentaire'),
        '\u200B\u2060': sentences.invisibleOnly('Le commentaire'),
      };
      for (const [comment, sentence] of Object.entries(comments)) {
        const refused = await rejection(client.answer(token, { decision: 'accepte', comment }));
        expect(refused.code, JSON.stringify(comment)).toBe('invalid-input');
        expect(refused.fields?.comment, JSON.stringify(comment)).toBe(sentence);
      }
      // Nothing was taken: the quote still waits for its answer, which keeps its lines.
      expect((await client.readByToken(token)).status).toBe('envoye');
      const answered = await client.answer(token, {
        decision: 'refuse',
        comment: 'Trop cher.\nMerci\tquand même.',
      });
      expect(answered.answer?.comment).toBe('Trop cher.\nMerci\tquand même.');
    });

    it('lets the client read the quote by its link and answer once; acceptance makes the lead « Gagné »', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const backend = await signedIn();
      const owner = quotesOf(backend);
      const sent = await owner.send((await owner.createDraft(id, A_DRAFT)).id);
      const client = quotesOf(harness().client()); // no session
      const token = tokenOf(sent.link);

      const page = await client.readByToken(token);
      expect(page).toMatchObject({
        number: 'DEV-2026-0001',
        status: 'envoye',
        client: A_DRAFT.client,
      });
      // Nothing of the lead, of the owner or of other quotes.
      for (const key of ['id', 'leadId', 'replacesId', 'sentTo', 'createdAt', 'updatedAt']) {
        expect(page).not.toHaveProperty(key);
      }
      const unknown = await rejection(client.readByToken('x'.repeat(43)));
      expect(unknown.message).toBe(QUOTE_MESSAGES.linkDead);
      const badDecision = await rejection(
        client.answer(token, { decision: 'peut-etre' as 'accepte' }),
      );
      expect(badDecision.fields?.decision).toBe(QUOTE_MESSAGES.decision);

      await harness().setNow(QUOTES_START + 60 * 60 * 1000);
      const answered = await client.answer(token, {
        decision: 'accepte',
        comment: '  Bon pour accord.  ',
      });
      expect(answered.status).toBe('accepte');
      expect(answered.answer).toMatchObject({ decision: 'accepte', comment: 'Bon pour accord.' });
      const again = await rejection(client.answer(token, { decision: 'refuse' }));
      expect(again.code).toBe('refused');
      expect(again.message).toBe(QUOTE_MESSAGES.alreadyAnswered);
      // The link still shows the quote, answered, with the time of the answer (the backend's
      // clock, not the reader's): read half an hour later, the client's page and the printed quote still say
      // « Accepté en ligne le 26/11/2026 à 11:00 », Algiers time (issue 44).
      expect(answered.answer?.at).toBe(QUOTES_START + 60 * 60 * 1000);
      await harness().setNow(QUOTES_START + 90 * 60 * 1000);
      const later = await client.readByToken(token);
      expect(later.status).toBe('accepte');
      expect(later.answer).toEqual({
        decision: 'accepte',
        comment: 'Bon pour accord.',
        at: QUOTES_START + 60 * 60 * 1000,
      });
      if (!later.answer) throw new Error('no answer read back');
      expect(answeredText(later.answer, later.language)).toEqual({
        sentence: 'Accepté en ligne le 26/11/2026 à 11:00',
        comment: { label: 'Commentaire du client :', text: 'Bon pour accord.' },
      });
      expect((await owner.get(sent.quote.id)).answer?.decision).toBe('accepte');
      expect((await rejection(owner.newVersion(sent.quote.id))).message).toBe(
        QUOTE_MESSAGES.versionOfAccepted,
      );

      const leads = recordLeads(leadsOf(backend));
      const won = await leads.untilLead(id, (l) => l.status === 'gagne', 'Gagné');
      expect(won.timeline.flatMap((e) => (e.type === 'status' ? [e.status] : []))).toEqual([
        'gagne',
        'devis-envoye',
      ]);
      // The client's first opening is on the timeline too (« Vu le … », issue 44), once.
      expect(
        won.timeline.filter((e) => e.type === 'quote').map((e) => describeLeadEvent(e)),
      ).toEqual(['Devis DEV-2026-0001 vu par le client']);
      leads.stop();

      // A refusal leaves the lead where it was.
      const other = await lead('Autre');
      const refused = await owner.send((await owner.createDraft(other, A_DRAFT)).id);
      expect((await client.answer(tokenOf(refused.link), { decision: 'refuse' })).status).toBe(
        'refuse',
      );
      const watch = recordLeads(leadsOf(backend));
      expect((await watch.untilLead(other, () => true, 'the lead')).status).toBe('devis-envoye');
      watch.stop();
    });

    it('keeps the client’s link stable: shown, copied or sent on WhatsApp again a day later, it still opens, each logged on the lead; a new link cuts the old one (issue 44)', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const draft = await owner.createDraft(id, A_DRAFT);
      // A draft has no link yet.
      expect((await rejection(owner.link(draft.id))).message).toBe(QUOTE_MESSAGES.sendFirst);
      const sent = await owner.send(draft.id);
      expect(tokenOf(sent.link)).toMatch(QUOTE_TOKEN_PATTERN);
      expect((await owner.link(draft.id)).link).toBe(sent.link);
      // Kept to the owner.
      const visitor = quotesOf(harness().client());
      expect((await rejection(visitor.link(draft.id))).code).toBe('unauthorized');

      // A day later, on another device: the same link, and it still opens.
      await harness().setNow(QUOTES_START + 24 * 60 * 60 * 1000);
      const laterBackend = await signedIn();
      const later = quotesOf(laterBackend);
      expect((await later.link(draft.id, 'whatsapp')).link).toBe(sent.link);
      expect((await later.link(draft.id, 'lien')).link).toBe(sent.link);
      // Not opened yet: no « Vu le … ».
      expect((await later.get(draft.id)).viewedAt ?? null).toBeNull();
      const client = quotesOf(harness().client());
      const opened = QUOTES_START + 25 * 60 * 60 * 1000;
      await harness().setNow(opened);
      expect((await client.readByToken(tokenOf(sent.link))).number).toBe('DEV-2026-0001');
      // « Vu le … »: the first opening only, and not shown to the client.
      expect((await later.get(draft.id)).viewedAt).toBe(opened);
      await harness().setNow(opened + 60 * 60 * 1000);
      const reopened = await client.readByToken(tokenOf(sent.link));
      expect(reopened).not.toHaveProperty('viewedAt');
      expect((await later.get(draft.id)).viewedAt).toBe(opened);

      const leads = recordLeads(leadsOf(laterBackend));
      const logged = await leads.untilLead(
        id,
        (l) => l.timeline.filter((e) => e.type === 'quote').length === 3,
        'the link sent on WhatsApp, copied and seen once',
      );
      expect(
        logged.timeline
          .filter((e) => e.type === 'quote')
          .map((e) => describeLeadEvent(e))
          .sort(),
      ).toEqual([
        'Devis DEV-2026-0001 envoyé sur WhatsApp',
        'Devis DEV-2026-0001 vu par le client',
        'Lien du devis DEV-2026-0001 copié',
      ]);
      leads.stop();

      // « Nouveau lien »: a different link; the old one leads nowhere, the new one is shown from now on.
      const renewed = await later.resendLink(draft.id);
      expect(renewed.link).not.toBe(sent.link);
      expect((await rejection(client.readByToken(tokenOf(sent.link)))).message).toBe(
        QUOTE_MESSAGES.linkDead,
      );
      expect((await later.link(draft.id)).link).toBe(renewed.link);
      expect((await client.readByToken(tokenOf(renewed.link))).status).toBe('envoye');

      // Answered: the link still shows the answer, but there is nothing more to send.
      await client.answer(tokenOf(renewed.link), { decision: 'accepte' });
      expect((await later.link(draft.id)).link).toBe(renewed.link);
      expect((await rejection(later.link(draft.id, 'whatsapp'))).message).toBe(
        QUOTE_MESSAGES.shareWhenOpen,
      );
    });

    it('expires a sent quote after its last valid day: its link stops working, no answer is taken', async () => {
      await harness().setNow(QUOTES_START);
      const id = await lead();
      const owner = quotesOf(await signedIn());
      const sent = await owner.send(
        (await owner.createDraft(id, { ...A_DRAFT, validityDays: 2 })).id,
      );
      expect(sent.quote.validUntil).toBe('2026-11-28');
      // Its last day, late in the evening: still valid.
      await harness().setNow(Date.UTC(2026, 10, 28, 22, 0, 0));
      expect(todayInAlgiers(new Date(Date.UTC(2026, 10, 28, 22, 0, 0)))).toBe('2026-11-28');
      expect((await owner.readByToken(tokenOf(sent.link))).status).toBe('envoye');

      await harness().setNow(Date.UTC(2026, 10, 28, 23, 30, 0)); // 29 November, 00:30 in Algiers
      const late = quotesOf(await signedIn());
      expect((await late.get(sent.quote.id)).status).toBe('expire');
      expect((await rejection(late.readByToken(tokenOf(sent.link)))).message).toBe(
        QUOTE_MESSAGES.linkDead,
      );
      expect((await rejection(late.answer(tokenOf(sent.link), { decision: 'accepte' }))).code).toBe(
        'not-found',
      );
      // An expired quote can get a new version, sent with a new date.
      const v2 = await late.newVersion(sent.quote.id);
      const resent = await late.send(v2.id);
      expect(resent.quote).toMatchObject({ number: 'DEV-2026-0001-V2', issueDate: '2026-11-29' });
      expect((await late.get(sent.quote.id)).status).toBe('expire');
    });
  });
}
