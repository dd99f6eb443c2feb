import type { ReactNode } from 'react';
import { displayPhone } from '../../shared/domain/phone.ts';
import {
  quoteClientName,
  type QuoteClient,
  type QuoteLanguage,
} from '../../shared/domain/quotes/quote.ts';
import type { PaymentAccount, SellerLegalDetails } from '../../shared/domain/quotes/seller.ts';
import type { QuoteDocumentText } from '../quotes/quote-document-text.ts';
import { formatCentimes } from '../quotes/quote-format.ts';

/*
 * The parts the printed quote (src-web/quotes/quote-document.tsx) and the printed invoice
 * (src-web/invoices/invoice-document.tsx) share, word for word: the agency at the top, the
 * « Émetteur » and « Client » blocks, the footer with the seller's accounts. Both are laid out
 * by quote-document.css, whose class names these keep.
 *
 * What the owner typed (the client's name and address, a designation, a unit) may be Latin in
 * an Arabic document, or Arabic in a French one: each sits in a `<bdi>` (direction from its own
 * first strong letter), so a name such as « Client Exemple » reads whole, never pulling the
 * punctuation or numbers around it to its side.
 */

/** How the agency is reached, as the top of the page shows it. */
export interface QuoteAgencyContact {
  name: string;
  phone: string;
  email: string;
}

/**
 * Left to right inside a right-to-left page: amounts, numbers, identifiers, e-mail addresses.
 * `<bdi>` isolates it, so nothing around it reorders it, and it reorders nothing around it.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="quote-ltr">
      {children}
    </bdi>
  );
}

/** A labelled identifier; a string value (a number, an RC…) is kept left to right. */
export function Identifier({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="quote-identifier">
      <dt>{label}</dt>
      <dd>{typeof value === 'string' ? <Ltr>{value}</Ltr> : value}</dd>
    </div>
  );
}

/**
 * An amount: the number left to right, the currency after it in the page's direction (« دج »
 * to its left in Arabic, as the site writes prices).
 */
export function Amount({ value, text }: { value: bigint; text: QuoteDocumentText }) {
  return (
    <>
      <Ltr>{formatCentimes(value)}</Ltr>&nbsp;{text.currency}
    </>
  );
}

/** Across the top while the agency's legal details are examples. */
export function PlaceholderBand({
  seller,
  text,
}: {
  seller: SellerLegalDetails;
  text: QuoteDocumentText;
}) {
  return seller.placeholder ? (
    <p className="quote-placeholder" role="note">
      {text.placeholderBand}
    </p>
  ) : null;
}

/** The agency at the top of the page: its name, legal name and form, address, phone and e-mail. */
export function SellerHeading({
  seller,
  agency,
  lang,
  text,
}: {
  seller: SellerLegalDetails;
  agency: QuoteAgencyContact;
  lang: QuoteLanguage;
  text: QuoteDocumentText;
}) {
  return (
    <div className="quote-seller">
      <p className="quote-agency-name">{agency.name}</p>
      <p>
        {seller.legalName} · {seller.legalForm[lang]}
      </p>
      <p>{seller.address[lang]}</p>
      <p>
        {text.phone} <Ltr>{agency.phone}</Ltr> · {text.email} <Ltr>{agency.email}</Ltr>
      </p>
    </div>
  );
}

/**
 * « Émetteur » (the seller's RC, NIF, NIS and article) and « Client » (name, address, phone,
 * and a company's identifiers, those it has).
 */
export function DocumentParties({
  seller,
  client,
  text,
}: {
  seller: SellerLegalDetails;
  client: QuoteClient;
  text: QuoteDocumentText;
}) {
  return (
    <section className="quote-parties">
      <div className="quote-party">
        <h2>{text.seller}</h2>
        <dl>
          <Identifier label={text.rc} value={seller.rc} />
          <Identifier label={text.nif} value={seller.nif} />
          <Identifier label={text.nis} value={seller.nis} />
          <Identifier label={text.articleImposition} value={seller.articleImposition} />
        </dl>
      </div>
      <div className="quote-party">
        <h2>{text.client}</h2>
        <p className="quote-client-name">
          <bdi>{quoteClientName(client)}</bdi>
        </p>
        <p>
          <bdi>{client.address}</bdi>
        </p>
        {client.phone !== '' && (
          <p className="quote-client-phone">
            {text.phone} <Ltr>{displayPhone(client.phone)}</Ltr>
          </p>
        )}
        {client.kind === 'entreprise' && (
          <dl>
            {client.rc !== '' && <Identifier label={text.rc} value={client.rc} />}
            <Identifier label={text.nif} value={client.nif} />
            {client.nis !== '' && <Identifier label={text.nis} value={client.nis} />}
            {client.articleImposition !== '' && (
              <Identifier label={text.articleImposition} value={client.articleImposition} />
            )}
          </dl>
        )}
      </div>
    </section>
  );
}

/**
 * The foot of the document: legal name, form and address, then the seller's account(s). The
 * seller's RC, NIF, NIS and article are in « Émetteur » above: not twice.
 */
export function DocumentFooter({
  seller,
  lang,
  text,
}: {
  seller: SellerLegalDetails;
  lang: QuoteLanguage;
  text: QuoteDocumentText;
}) {
  return (
    <footer className="quote-footer">
      <p>
        {seller.legalName} · {seller.legalForm[lang]} · {seller.address[lang]}
      </p>
      <p>
        <AccountLine account={seller.account} text={text} />
        {seller.secondAccount && (
          <>
            {' · '}
            <AccountLine account={seller.secondAccount} text={text} />
          </>
        )}
      </p>
    </footer>
  );
}

function AccountLine({ account, text }: { account: PaymentAccount; text: QuoteDocumentText }) {
  return account.kind === 'rib' ? (
    <>
      {text.rib(account.bank)} <Ltr>{account.rib}</Ltr>
    </>
  ) : (
    <>
      {text.ccp} <Ltr>{account.ccp}</Ltr> {text.ccpKey} <Ltr>{account.key}</Ltr>
    </>
  );
}
