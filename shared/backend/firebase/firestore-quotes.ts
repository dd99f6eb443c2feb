import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  runTransaction,
  setDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from '@firebase/firestore';
import { quoteDraftSchemaFor } from '../../domain/quotes/quote.ts';
import {
  QUOTE_MESSAGES,
  QUOTE_TOKEN_PATTERN,
  linesToJson,
  publicQuoteFromJson,
  publicQuoteJsonSchema,
  quoteFieldErrors,
  quoteLink,
  quoteSendBodySchema,
  type PublicQuote,
  type Quote,
  type QuoteDraftFields,
} from '../../domain/quotes/record.ts';
import type { SellerLegalDetails } from '../../domain/quotes/seller.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '../../domain/quotes/status.ts';
import {
  decideDraftChange,
  decideNewVersion,
  decideResendLink,
  isQuoteOverdue,
  quoteDay,
  type QuoteRefused,
} from '../../domain/quotes/rules.ts';
import { DEFAULT_VALIDITY_DAYS } from '../../domain/quotes/validity.ts';
import { BackendError, type QuoteSent, type QuoteStore } from '../ports.ts';
import { NO_APP_CHECK, type AppCheckMonitor } from './app-check.ts';
import { CONTACTS_COLLECTION } from './contact-documents.ts';
import { firebaseErrorCode, firestoreError } from './errors.ts';
import {
  QUOTE_EMAIL_FUNCTION,
  QUOTE_LINK_FUNCTION,
  QUOTE_OWNER_LINK_FUNCTION,
  QUOTE_SEND_FUNCTION,
  QUOTES_COLLECTION,
  quoteOfDocument,
  type QuoteDocument,
  UNSENT_QUOTE_FIELDS,
} from './quote-documents.ts';
import { callFunction, type CallableFunctions } from './callable.ts';

type Data = DocumentData;

export interface FirestoreQuotesOptions {
  appCheck?: AppCheckMonitor;
  /**
   * The agency's legal details a draft prints and is checked against (« Réglages », the
   * settings document; sendQuote reads and freezes the same document's when it sends).
   */
  seller: () => SellerLegalDetails | Promise<SellerLegalDetails>;
  /**
   * Milliseconds now (tests move it): the date a draft shows, and when sent quotes expire. A
   * quote's number and issue date are the server's (the function sendQuote).
   */
  clock?: () => number;
  /** The site's address, for the client's link (this page's origin by default). */
  publicUrl?: string;
  /** Where the project's functions answer: the emulator's `host:port`, or the region's. */
  functions: CallableFunctions;
  /** The signed-in owner's ID token, for the function that e-mails the link. */
  idToken: () => Promise<string | null>;
  fetch?: typeof fetch;
}

export interface FirestoreQuotes extends QuoteStore {
  /** Deletes the quotes of messages just deleted (the rules allow it once they are gone). */
  forget(leadIds: readonly string[]): Promise<void>;
}

/**
 * The site the client's link opens: as given; in a browser, the dashboard's own site; else (the
 * desktop console's main process has no page) the project's Firebase Hosting address, which
 * serves the site on every deployment, custom domain or not. Never a relative link: the owner
 * may have to pass it on by hand.
 */
export function quotesPublicUrl(
  given: string | undefined,
  projectId: string,
  origin = (globalThis as { location?: { origin?: string } }).location?.origin,
): string {
  return given ?? origin ?? `https://${projectId}.web.app`;
}

/**
 * The QuoteStore port on Firebase (docs/quotes.md, « Le mode Firebase »): the owner's drafts
 * and versions in Firestore, in transactions; the sending (number and date on the server's
 * clock, the version replaced, the lead followed), the client's page and answer, and the link's
 * e-mail, through the Cloud Functions (firestore.rules keep quotes admin only, and let no
 * browser number or send one).
 */
export function createFirestoreQuotes(
  db: Firestore,
  options: FirestoreQuotesOptions,
): FirestoreQuotes {
  const appCheck = options.appCheck ?? NO_APP_CHECK;
  const clock = options.clock ?? (() => Date.now());
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const quotes = collection(db, QUOTES_COLLECTION);
  const quoteRef = (id: string) => doc(db, QUOTES_COLLECTION, id);
  const contactRef = (id: string) => doc(db, CONTACTS_COLLECTION, id);
  const today = () => quoteDay(clock());
  const publicUrl = () => quotesPublicUrl(options.publicUrl, options.functions.projectId);

  async function failure(error: unknown): Promise<BackendError> {
    const code = firebaseErrorCode(error);
    const refused = code === 'permission-denied' || code === 'unauthenticated';
    return firestoreError(error, 'admin', refused ? await appCheck.failing() : false);
  }

  async function attempt<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw await failure(error);
    }
  }

  const sellerNow = () => attempt(async () => options.seller());

  const quoteOf = (id: string, data: Data, seller: SellerLegalDetails): Quote => {
    const quote = quoteOfDocument(id, data, { today: today(), seller });
    if (!quote) throw new BackendError('unknown', { message: QUOTE_MESSAGES.notFound });
    return quote;
  };

  async function checkDraft(fields: QuoteDraftFields) {
    const schema = quoteDraftSchemaFor((await sellerNow()).taxRegime);
    const parsed = schema.safeParse(
      typeof fields === 'object' && fields !== null ? { ...fields, issueDate: today() } : fields,
    );
    if (!parsed.success) {
      throw new BackendError('invalid-input', { fields: quoteFieldErrors(parsed.error.issues) });
    }
    const validityDays =
      typeof fields.validityDays === 'number' ? fields.validityDays : DEFAULT_VALIDITY_DAYS;
    return {
      language: parsed.data.language,
      client: parsed.data.client,
      lines: linesToJson(parsed.data.lines),
      paidInCash: parsed.data.paidInCash,
      validityDays,
      issueDate: parsed.data.issueDate,
      validUntil: parsed.data.validUntil,
    };
  }

  /** Marks « Expiré » the sent quotes past their last valid day (their links stop working). */
  async function expireOverdue(): Promise<number> {
    return attempt(async () => {
      const sent = await getDocs(query(quotes, where('status', '==', 'envoye')));
      const now = clock();
      const overdue = sent.docs.filter((snapshot) =>
        isQuoteOverdue({ status: 'envoye', validUntil: String(snapshot.data().validUntil) }, now),
      );
      if (overdue.length === 0) return 0;
      const batch = writeBatch(db);
      for (const snapshot of overdue) {
        batch.update(snapshot.ref, { status: 'expire', tokenHash: null, updatedAt: clock() });
      }
      await batch.commit();
      return overdue.length;
    });
  }

  async function list(leadId?: string): Promise<Quote[]> {
    await expireOverdue();
    const snapshot = await attempt(() =>
      getDocs(leadId === undefined ? quotes : query(quotes, where('leadId', '==', leadId))),
    );
    const seller = await sellerNow();
    return (
      snapshot.docs
        .map((found) => quoteOf(found.id, found.data(), seller))
        // Newest first, like the embedded server; quotes made in the same millisecond by
        // their number (fixed width within a year), since document ids are random.
        .sort(
          (a, b) =>
            b.createdAt - a.createdAt ||
            b.version - a.version ||
            (b.number ?? '').localeCompare(a.number ?? ''),
        )
    );
  }

  async function get(id: string): Promise<Quote> {
    await expireOverdue();
    const snapshot = await attempt(() => getDoc(quoteRef(id)));
    if (!snapshot.exists())
      throw new BackendError('not-found', { message: QUOTE_MESSAGES.notFound });
    return quoteOf(id, snapshot.data(), await sellerNow());
  }

  /** Calls one of the quotes' functions (the callable protocol over fetch). */
  const call = (name: string, data: unknown, idToken?: string) =>
    callFunction({ functions: options.functions, fetch: send }, name, data, idToken);

  /** The link's token a function answered (a 43-character base64url string). */
  function tokenOf(answer: { token?: unknown }): string {
    if (typeof answer.token !== 'string' || !QUOTE_TOKEN_PATTERN.test(answer.token)) {
      throw new BackendError('unknown', { message: 'Le lien du devis n’a pas été reçu.' });
    }
    return answer.token;
  }

  /** E-mails the link through the function; what became of it. */
  async function mail(
    quoteId: string,
    token: string,
    to: string | null,
  ): Promise<QuoteSent['email']> {
    if (to === null) return { to: null, sent: false, error: QUOTE_MESSAGES.noRecipient };
    try {
      const idToken = await options.idToken();
      await call(QUOTE_EMAIL_FUNCTION, { quoteId, token, to }, idToken ?? undefined);
      return { to, sent: true };
    } catch (error) {
      return { to, sent: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    list: () => list(),
    listByLead: (leadId) => list(leadId),
    get,

    async createDraft(leadId, fields) {
      const content = await checkDraft(fields);
      const contact = await attempt(() => getDoc(contactRef(leadId)));
      if (!contact.exists()) {
        throw new BackendError('not-found', { message: QUOTE_MESSAGES.leadNotFound });
      }
      const reference = doc(quotes);
      const now = clock();
      const document: QuoteDocument = {
        ...content,
        leadId,
        number: null,
        version: 1,
        replacesId: null,
        status: 'brouillon',
        ...UNSENT_QUOTE_FIELDS,
        createdAt: now,
        updatedAt: now,
      };
      await attempt(() => setDoc(reference, document));
      return quoteOf(reference.id, document, await sellerNow());
    },

    async updateDraft(id, fields) {
      const editable = decideDraftChange((await get(id)).status, 'update');
      if (!editable.ok) throw refusal(editable);
      const content = await checkDraft(fields);
      await attempt(() =>
        runTransaction(db, async (transaction) => {
          const stored = await transaction.get(quoteRef(id));
          const still = decideDraftChange(statusOf(stored.data()), 'update');
          if (!still.ok) throw refusal(still);
          transaction.update(quoteRef(id), { ...content, updatedAt: clock() });
        }),
      );
      return get(id);
    },

    async removeDraft(id) {
      const removable = decideDraftChange((await get(id)).status, 'remove');
      if (!removable.ok) throw refusal(removable);
      await attempt(() => deleteDoc(quoteRef(id)));
    },

    async newVersion(id) {
      const current = await get(id);
      // A version made before versions had their own id (versionId) is found by its query.
      const newer = await attempt(() => getDocs(query(quotes, where('replacesId', '==', id))));
      const following = newer.docs[0]?.data();
      const first = decideNewVersion(
        current,
        following ? { status: statusOf(following) } : null,
        clock(),
      );
      if (!first.ok) throw refusal(first);
      // The new version's id is decided by the one it replaces: two devices asking at once
      // write the same document, and the transaction lets only the first create it (the
      // other, retried, finds it and is told so).
      const reference = quoteRef(versionId(current.id, current.version + 1));
      const now = clock();
      const document = await attempt(() =>
        runTransaction(db, async (transaction) => {
          const replaced = await transaction.get(quoteRef(id));
          const existing = await transaction.get(reference);
          const decision = decideNewVersion(
            { ...current, status: statusOf(replaced.data()) },
            existing.exists() ? { status: statusOf(existing.data()) } : null,
            now,
          );
          if (!decision.ok) throw refusal(decision);
          const { lines, ...draft } = decision.draft;
          const created: QuoteDocument = {
            ...draft,
            lines: linesToJson(lines),
            ...UNSENT_QUOTE_FIELDS,
            createdAt: now,
            updatedAt: now,
          };
          transaction.set(reference, created);
          return created;
        }),
      );
      return quoteOf(reference.id, document, await sellerNow());
    },

    async send(id, sendOptions = {}) {
      await expireOverdue();
      const parsed = quoteSendBodySchema.safeParse(sendOptions);
      if (!parsed.success) {
        throw new BackendError('invalid-input', { fields: quoteFieldErrors(parsed.error.issues) });
      }
      // Numbered and dated by the function, on the server's clock, never this computer's, and
      // its link's token derived there from a secret this page never sees
      // (functions/src/send-quote.ts).
      const idToken = await options.idToken();
      const result = await call(
        QUOTE_SEND_FUNCTION,
        {
          quoteId: id,
          ...(parsed.data.email === undefined ? {} : { email: parsed.data.email }),
        },
        idToken ?? undefined,
      );
      const answer = (result ?? {}) as { to?: unknown; token?: unknown };
      const to = typeof answer.to === 'string' ? answer.to : null;
      const token = tokenOf(answer);
      const quote = await get(id);
      const link = quoteLink(publicUrl(), token);
      return { quote, link, email: await mail(id, token, to) };
    },

    async resendLink(id, sendOptions = {}) {
      const current = await get(id);
      const allowed = decideResendLink(current.status);
      if (!allowed.ok) throw refusal(allowed);
      const parsed = quoteSendBodySchema.safeParse(sendOptions);
      if (!parsed.success) {
        throw new BackendError('invalid-input', { fields: quoteFieldErrors(parsed.error.issues) });
      }
      // The next generation of the link, derived by the function (the old one stops working).
      const idToken = await options.idToken();
      const result = (await call(
        QUOTE_OWNER_LINK_FUNCTION,
        { quoteId: id, action: 'renew', email: parsed.data.email ?? null },
        idToken ?? undefined,
      )) as { to?: unknown; token?: unknown } | null;
      const token = tokenOf(result ?? {});
      const to = typeof result?.to === 'string' ? result.to : null;
      const link = quoteLink(publicUrl(), token);
      return { link, email: await mail(id, token, to) };
    },

    async link(id, via) {
      const idToken = await options.idToken();
      const result = (await call(
        QUOTE_OWNER_LINK_FUNCTION,
        { quoteId: id, action: via ?? 'show' },
        idToken ?? undefined,
      )) as { token?: unknown } | null;
      return { link: quoteLink(publicUrl(), tokenOf(result ?? {})) };
    },

    expireOverdue,

    async readByToken(token) {
      return publicOf(await call(QUOTE_LINK_FUNCTION, { action: 'read', token }));
    },

    async answer(token, answer) {
      return publicOf(await call(QUOTE_LINK_FUNCTION, { ...answer, action: 'answer', token }));
    },

    async forget(leadIds) {
      await attempt(async () => {
        for (const leadId of leadIds) {
          const found = await getDocs(query(quotes, where('leadId', '==', leadId)));
          const batch = writeBatch(db);
          for (const quote of found.docs) batch.delete(quote.ref);
          await batch.commit();
        }
      });
    },
  };
}

/**
 * The id of a quote's version `version`: its first version's id, `-v`, the version (Firestore's
 * own ids have no hyphen). One id per version of a quote, whichever device makes it.
 */
export function versionId(quoteId: string, version: number): string {
  return `${quoteId.replace(/-v\d+$/u, '')}-v${version}`;
}

/** A rule's refusal (shared/domain/quotes/rules.ts) as the port's error. */
function refusal(refused: QuoteRefused): BackendError {
  return refused.kind === 'invalid-input'
    ? new BackendError('invalid-input', { fields: refused.fields ?? {} })
    : new BackendError(refused.kind, { message: refused.message });
}

/** A stored document's status (a missing document reads as a version replaced: no change). */
function statusOf(data: Data | undefined): QuoteStatus {
  const status: unknown = data?.status;
  return QUOTE_STATUSES.find((known) => known === status) ?? 'remplace';
}

function publicOf(result: unknown): PublicQuote {
  const parsed = publicQuoteJsonSchema.safeParse(result);
  if (!parsed.success) throw new BackendError('unknown', { cause: parsed.error });
  return publicQuoteFromJson(parsed.data);
}
