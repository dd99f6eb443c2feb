/**
 * firestore.rules repeats bounds that the shared schema defines: they must agree, or the
 * form would accept messages that Firestore then refuses. (The rules' behaviour is tested
 * against the emulator in firestore-rules.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_SERVICES } from '../../shared/domain/contact.ts';
import { ROOT } from './emulators.ts';

const rules = readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8');

describe('firestore.rules', () => {
  it.each([
    ['fullName', CONTACT_LIMITS.fullName.max],
    ['email', CONTACT_LIMITS.email.max],
    ['phone', CONTACT_LIMITS.phone.max],
    ['subject', CONTACT_LIMITS.subject.max],
    ['message', CONTACT_LIMITS.message.max],
  ])('bounds %s at %i characters, as CONTACT_LIMITS does', (field, max) => {
    expect(rules).toContain(`isText(data.${field}, ${max})`);
  });

  it('accepts exactly the four services', () => {
    const list = CONTACT_SERVICES.map((service) => `'${service}'`).join(', ');
    expect(rules).toContain(`data.service in [${list}]`);
  });

  it('has a comment over each block saying who may do what', () => {
    for (const rule of ['allow create', 'allow get, list', 'allow update', 'allow delete']) {
      const before = rules.slice(0, rules.indexOf(rule)).trimEnd().split('\n').at(-1) ?? '';
      expect(before.trim().startsWith('//'), `a comment above « ${rule} »`).toBe(true);
    }
  });
});
