import {
  CONTACT_FIELD_KEYS,
  contactMessageSchema,
  hasWhatItsSourceRequires,
  spamMessageSchema,
  type ContactFields,
  type ContactMessage,
  type SpamMessage,
} from '../../domain/contact.ts';

/**
 * A message as a Firestore document and back, written once from `contactMessageSchema` for
 * the web adapter (firestore-messages.ts) and the Cloud Function (functions/src), without the
 * SDK: the document's fields are the schema's (CONTACT_FIELD_KEYS), with `timestamp` for the
 * reception time, `read` once the owner opened it, and the document's id as the message's.
 * firestore.rules accepts exactly these keys (tests/firebase/rules-file.test.ts holds them to
 * CONTACT_DOCUMENT_KEYS).
 */

/** The Firestore collection of contact messages, named as the original site named it. */
export const CONTACTS_COLLECTION = 'contacts';

/**
 * The messages kept as spam (« Indésirables »): the same fields as a message and
 * `spamReason`, in a collection of their own so that the inbox's listener never reads them
 * (Firestore cannot query « field absent »); « Pas un indésirable » moves one to `contacts`,
 * where the Cloud Function's trigger notifies the owner as of a new message.
 */
export const SPAM_COLLECTION = 'spam';

/**
 * The field of a spam document the owner marked (« Marquer comme indésirable »): the server's
 * time of the marking, from which its 30 days count (shared/domain/spam-marking.ts).
 */
export const MARKED_AT_FIELD = 'markedAt';

/** The field that holds the server's time of reception (the message's `receivedAt`). */
export const TIMESTAMP_FIELD = 'timestamp';

/** The keys of a new message's document, as the site's form writes it (and the rules accept). */
export const CONTACT_DOCUMENT_KEYS: readonly string[] = [...CONTACT_FIELD_KEYS, TIMESTAMP_FIELD];

/** A stored document as Firestore hands it over: fields not yet checked. */
export interface ContactDocument {
  id: string;
  data: Record<string, unknown>;
}

/** The visitor's fields as a new document's, without its time (the gateway adds the server's). */
export function documentFields(fields: ContactFields): Record<string, unknown> {
  // A provenance the message does not have is no key at all (the rules accept its absence).
  return Object.fromEntries(
    CONTACT_FIELD_KEYS.flatMap((key) => (fields[key] === undefined ? [] : [[key, fields[key]]])),
  );
}

/**
 * A Firestore Timestamp as milliseconds since 1970, or null for a server time still pending
 * (or anything that is not a timestamp).
 */
export function toReceivedAt(value: unknown): number | null {
  if (typeof value !== 'object' || value === null || !('toMillis' in value)) return null;
  const { toMillis } = value;
  if (typeof toMillis !== 'function') return null;
  const millis: unknown = toMillis.call(value);
  return typeof millis === 'number' && Number.isFinite(millis) ? millis : null;
}

/**
 * A stored document as a ContactMessage, or null for a document that is not one (the rules
 * only let well-formed messages in; this guards against documents written by other means).
 * A field absent from the document (`language` on the messages sent before it was recorded)
 * takes the schema's default.
 */
export function toContactMessage({ id, data }: ContactDocument): ContactMessage | null {
  const fields = Object.fromEntries(CONTACT_FIELD_KEYS.map((key) => [key, data[key]]));
  const parsed = contactMessageSchema.safeParse({
    ...fields,
    // A lead typed in may lack these (« Nouveau contact »): none, or empty.
    service: data.service ?? null,
    email: data.email ?? null,
    subject: data.subject ?? '',
    message: data.message ?? '',
    source: data.source,
    id,
    // The original site stored the phone as a number.
    phone:
      typeof data.phone === 'number' && Number.isFinite(data.phone)
        ? String(data.phone)
        : (data.phone ?? null),
    receivedAt: toReceivedAt(data[TIMESTAMP_FIELD]),
    // A new document has no `read` field (the public creates it without one): unread.
    read: data.read === true,
  });
  return parsed.success && hasWhatItsSourceRequires(parsed.data) ? parsed.data : null;
}

/** A spam document as a SpamMessage, or null for a document that is not one. */
export function toSpamMessage(document: ContactDocument): SpamMessage | null {
  const message = toContactMessage(document);
  const parsed = spamMessageSchema.safeParse({
    ...message,
    spamReason: document.data.spamReason,
    // When the owner marked it (« Marquer comme indésirable »); absent for the filters' spam.
    markedAt: toReceivedAt(document.data[MARKED_AT_FIELD]),
  });
  return message && parsed.success ? parsed.data : null;
}
