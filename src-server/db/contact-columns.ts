import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import {
  CONTACT_FIELD_KEYS,
  CONTACT_LANGUAGES,
  CONTACT_MESSAGE_KEYS,
  CONTACT_SERVICES,
  DEFAULT_CONTACT_LANGUAGE,
  type ContactFields,
  type ContactLanguage,
  type ContactMessage,
  type ContactService,
} from '../../shared/domain/contact.ts';
import { LEAD_SOURCE_CODES, type LeadSource } from '../../shared/domain/leads/pipeline.ts';
import type { NewContact } from './contacts-repository.ts';

/**
 * The one list of a message's columns in the `contacts` table: every field of
 * `contactMessageSchema` has its column and the way its value is read back. A field added to
 * the schema without its column here does not type-check; every SQL statement that writes or
 * reads a message (contacts-repository.ts, notifications-repository.ts) takes its columns from
 * here (docs/architecture.md, « Ajouter un champ au message »).
 */

type Row = Record<string, SQLOutputValue>;

function serviceOf(value: SQLOutputValue | undefined): ContactService | null {
  // A lead the owner typed in may have none (migration 019).
  if (value === null || value === undefined) return null;
  const service = CONTACT_SERVICES.find((known) => known === value);
  // The table's CHECK constraint lets no other value in.
  if (service === undefined) throw new Error(`Service inconnu en base : ${String(value)}`);
  return service;
}

function languageOf(value: SQLOutputValue | undefined): ContactLanguage {
  // The table's CHECK constraint lets no other value in; a row read without the column is French.
  return CONTACT_LANGUAGES.find((known) => known === value) ?? DEFAULT_CONTACT_LANGUAGE;
}

function sourceOf(value: SQLOutputValue | undefined): LeadSource {
  // The table's CHECK constraint lets no other value in; a row read without the column is the form's.
  return LEAD_SOURCE_CODES.find((known) => known === value) ?? 'formulaire';
}

const text = (value: SQLOutputValue | undefined) => String(value);
/** A column that may hold NULL (or be absent from an older row): null. */
const optionalText = (value: SQLOutputValue | undefined) =>
  value === null || value === undefined ? null : String(value);

const MESSAGE_COLUMNS: {
  [Key in keyof ContactMessage]: {
    column: string;
    read: (value: SQLOutputValue | undefined) => ContactMessage[Key];
  };
} = {
  id: { column: 'id', read: text },
  fullName: { column: 'full_name', read: text },
  service: { column: 'service', read: serviceOf },
  email: { column: 'email', read: optionalText },
  phone: { column: 'phone', read: optionalText },
  subject: { column: 'subject', read: text },
  message: { column: 'message', read: text },
  language: { column: 'language', read: languageOf },
  pagePath: { column: 'page_path', read: optionalText },
  referrer: { column: 'referrer', read: optionalText },
  utmSource: { column: 'utm_source', read: optionalText },
  utmMedium: { column: 'utm_medium', read: optionalText },
  utmCampaign: { column: 'utm_campaign', read: optionalText },
  source: { column: 'source', read: sourceOf },
  receivedAt: { column: 'created_at_ms', read: Number },
  read: { column: 'read', read: (value) => Number(value) === 1 },
};

/**
 * The columns a message is read from, `seq` (its 'created' event's order) first, prefixed
 * with a table's alias when given: « seq, id, full_name… » or « c.seq, c.id, c.full_name… ».
 */
export function messageColumns(alias?: string): string {
  const columns = ['seq', ...CONTACT_MESSAGE_KEYS.map((key) => MESSAGE_COLUMNS[key].column)];
  return columns.map((column) => (alias ? `${alias}.${column}` : column)).join(', ');
}

/** A message read from a row selected with `messageColumns()`. */
export function messageFromRow(row: Row): ContactMessage {
  const entries = CONTACT_MESSAGE_KEYS.map((key) => {
    const { column, read } = MESSAGE_COLUMNS[key];
    return [key, read(row[column])] as const;
  });
  return Object.fromEntries(entries) as ContactMessage;
}

/**
 * The columns a new message is written with, in the order of `insertedValues`: its `source`
 * (the site's form, or the owner's « Nouveau contact ») and `read` last.
 */
export const INSERTED_COLUMNS: readonly string[] = [
  MESSAGE_COLUMNS.id.column,
  ...CONTACT_FIELD_KEYS.map((key) => MESSAGE_COLUMNS[key].column),
  MESSAGE_COLUMNS.receivedAt.column,
  MESSAGE_COLUMNS.source.column,
  MESSAGE_COLUMNS.read.column,
];

/** A new message's values, in the order of INSERTED_COLUMNS (`read` takes its default, 0). */
export function insertedValues({
  id,
  fields,
  createdAtMs,
  source = 'formulaire',
  read = false,
}: NewContact): SQLInputValue[] {
  // A provenance the message does not have is NULL (a lead typed in: its e-mail, phone, service).
  return [
    id,
    ...CONTACT_FIELD_KEYS.map((key) => (fields as Partial<ContactFields>)[key] ?? null),
    createdAtMs,
    source,
    read ? 1 : 0,
  ];
}
