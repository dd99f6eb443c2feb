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

  it('reads back the visitor’s fields with the id, the time and the read flag', () => {
    expect([...CONTACT_MESSAGE_KEYS].sort()).toEqual(
      [...CONTACT_FIELD_KEYS, 'id', 'receivedAt', 'read'].sort(),
    );
  });
});
