import { describe, expect, it } from 'vitest';
import {
  CONTACT_FIELD_KEYS,
  CONTACT_MESSAGE_KEYS,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  contactInputSchema,
} from '../../../shared/domain/contact.ts';

describe('the message’s fields, one list', () => {
  it('stores every field the visitor sends but the hidden one and the timing, and those alone', () => {
    const sent = Object.keys(contactInputSchema.shape).filter(
      (key) => key !== HONEYPOT_FIELD && key !== FILL_TIME_FIELD,
    );
    expect([...CONTACT_FIELD_KEYS].sort()).toEqual(sent.sort());
  });

  it('reads back, beside the visitor’s fields, only what the backends set: the id, the source, the time and the read flag', () => {
    // From the two schemas alone (not from the list CONTACT_FIELD_KEYS is derived with): a
    // field the message gains that the visitor does not send must be set by both backends.
    const setByBackend = CONTACT_MESSAGE_KEYS.filter(
      (key) => !Object.hasOwn(contactInputSchema.shape, key),
    );
    // The source: 'formulaire' for the site's messages, the owner's choice for a lead typed in.
    expect(setByBackend).toEqual(['id', 'source', 'receivedAt', 'read']);
  });
});
