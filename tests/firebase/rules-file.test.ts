/**
 * firestore.rules repeats bounds and patterns that the shared schema defines: they must agree,
 * or the form would accept messages that Firestore then refuses. The rules' own behaviour is
 * tested against the emulator in firestore-rules.test.ts, where the emulator can run; here, the
 * rules' regular expressions (RE2) are translated to JavaScript and run on the same samples as
 * the schema.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_LANGUAGES,
  DEFAULT_CONTACT_LANGUAGE,
  CONTACT_LIMITS,
  CONTACT_SERVICES,
  contactInputSchema,
  contactMessageSchema,
  EMAIL_PATTERN,
  FILTER_SPAM_REASON_CODES,
  SPAM_REASON_CODES,
} from '../../shared/domain/contact.ts';
import { OWNER_SPAM_REASON } from '../../shared/domain/spam-marking.ts';
import { E164_PATTERN, parsePhoneInput } from '../../shared/domain/phone.ts';
import {
  HOST_PATTERN,
  PAGE_PATH_PATTERN,
  PROVENANCE_LIMITS,
  UTM_PARAMETERS,
} from '../../shared/domain/provenance.ts';
import {
  ESTIMATED_VALUE_MAX_DZD,
  LEAD_SOURCE_CODES,
  LEAD_STATUS_CODES,
  LOST_REASON_CODES,
  NOTE_CORRECTION_MS,
  NOTE_MAX_LENGTH,
  REPLY_CHANNEL_CODES,
} from '../../shared/domain/leads/pipeline.ts';
import { PUSH_KEY_PATTERN, PUSH_SUBSCRIPTION_LIMITS } from '../../shared/notifications/status.ts';
import {
  CONTACT_DOCUMENT_KEYS,
  TIMESTAMP_FIELD,
} from '../../shared/backend/firebase/contact-documents.ts';
import { REMEMBERED_SESSION_DAYS } from '../../shared/domain/admin.ts';
import { ROOT } from './emulators.ts';
import { aContactInput } from '../fixtures/messages.ts';

const rules = readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8');

/** The regular expression of a rules `matches('…')` call, as JavaScript would run it. */
function rulesRegExp(call: RegExp): RegExp {
  const source = call.exec(rules)?.[1];
  if (source === undefined) throw new Error(`${String(call)} absent de firestore.rules`);
  const re2 = source.replace(/\\\\/g, '\\');
  const dotAll = re2.startsWith('(?s)');
  const js = (dotAll ? re2.slice(4) : re2)
    .replace(/\\x\{([0-9A-Fa-f]+)\}/g, '\\u{$1}')
    .replace(/\\p([A-Z])(?!\{)/g, '\\p{$1}');
  // matches() in the rules is a full match.
  return new RegExp(`^(?:${js})$`, dotAll ? 'su' : 'u');
}

const bidi = rulesRegExp(/!value\.matches\('([^']*202A[^']*)'\)/);
const visible = rulesRegExp(/&& value\.matches\('([^']*pL[^']*)'\)/);
const control = rulesRegExp(/!value\.matches\('([^']*Cc[^']*)'\)/);

/** What the rules' isLine / isText say of a value (bounds apart). */
const rulesAcceptText = (value: string, oneLine: boolean) =>
  !bidi.test(value) && visible.test(value) && !(oneLine && control.test(value));

const base = aContactInput();

/** The keys listed in a rules function's `data.keys().hasOnly([…])` (or `hasAll`). */
function listedKeys(rulesFunction: string, check: 'hasOnly' | 'hasAll'): string[] {
  const body = new RegExp(`function ${rulesFunction}\\(data\\) \\{([\\s\\S]*?)\\n    \\}`).exec(
    rules,
  )?.[1];
  const list =
    body && new RegExp(`data\\.keys\\(\\)\\.${check}\\(\\[([^\\]]*)\\]\\)`).exec(body)?.[1];
  if (!list) throw new Error(`${rulesFunction} : pas de data.keys().${check} dans firestore.rules`);
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '').sort();
}

describe('firestore.rules', () => {
  it('accepts in a new message exactly the fields of the schema and the server’s time', () => {
    expect(listedKeys('isValidContact', 'hasOnly')).toEqual([...CONTACT_DOCUMENT_KEYS].sort());
    expect(listedKeys('isValidSpam', 'hasOnly')).toEqual(
      [...CONTACT_DOCUMENT_KEYS, 'spamReason'].sort(),
    );
  });

  it('requires every field the schema requires (one with a default may be absent)', () => {
    const required = Object.entries(contactMessageSchema.shape)
      .filter(([key]) => CONTACT_DOCUMENT_KEYS.includes(key))
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    expect(listedKeys('hasValidContactFields', 'hasAll')).toEqual(
      [...required, TIMESTAMP_FIELD].sort(),
    );
  });

  it.each([
    ['isLine', 'fullName', CONTACT_LIMITS.fullName],
    ['isLine', 'subject', CONTACT_LIMITS.subject],
    ['isText', 'message', CONTACT_LIMITS.message],
  ] as const)('checks %s(data.%s) with the bounds of CONTACT_LIMITS', (check, field, limits) => {
    expect(rules).toContain(`${check}(data.${field}, ${limits.min}, ${limits.max})`);
  });

  // CONTACT_LANGUAGES are the locale table's (shared/domain/locales.ts): a language added
  // there fails here until firestore.rules lists it.
  it('accepts the languages of the locale table, and a message without one (French)', () => {
    const languages = CONTACT_LANGUAGES.map((language) => `'${language}'`).join(', ');
    expect(rules).toContain(
      `data.get('language', '${DEFAULT_CONTACT_LANGUAGE}') in [${languages}]`,
    );
  });

  it('keeps spam with each reason of the form’s filters, and no other; the owner’s apart', () => {
    const reasons = FILTER_SPAM_REASON_CODES.map((reason) => `'${reason}'`).join(', ');
    expect(rules).toContain(`data.spamReason in [${reasons}]`);
    // The one reason left is the owner's « Marquer comme indésirable », its own rule.
    expect(
      SPAM_REASON_CODES.filter(
        (reason) => !(FILTER_SPAM_REASON_CODES as readonly string[]).includes(reason),
      ),
    ).toEqual([OWNER_SPAM_REASON]);
    expect(rules).toContain(`request.resource.data.spamReason == '${OWNER_SPAM_REASON}'`);
  });

  it('checks the e-mail with the schema’s length and pattern', () => {
    expect(rules).toContain(`data.email.size() <= ${CONTACT_LIMITS.email.max}`);
    expect(rules).toContain(`data.email.matches("${EMAIL_PATTERN}")`);
  });

  it('checks the phone is in E.164, as the schema stores it', () => {
    expect(rules).toContain(`data.phone.matches('${E164_PATTERN}')`);
    const e164 = new RegExp(E164_PATTERN);
    for (const typed of [
      '0550 12 34 56',
      '+33 6 12 34 56 78',
      '021 12 34 56',
      '00213 661 23 45 67',
    ]) {
      expect(parsePhoneInput(typed)).toMatch(e164);
    }
  });

  it('refuses and accepts the same texts as the schema', () => {
    const samples = [
      ['Entreprise Exemple', true],
      ['Café\u200DLumière', true],
      ['Entreprise \u202Eelpmexe', false],
      ['Devis \u2066urgent\u2069', false],
      ['\u200B\u200C\u200D\u2060\u200B\u200C\u200D\u2060\u200B\u200C\u200D', false],
      ['Nom\u0000caché', false],
    ] as const;
    for (const [value, accepted] of samples) {
      for (const field of ['fullName', 'subject'] as const) {
        const schema = contactInputSchema.safeParse({ ...base, [field]: value }).success;
        expect(schema, `${field} ${JSON.stringify(value)}`).toBe(accepted);
        expect(rulesAcceptText(value, true), `rules ${JSON.stringify(value)}`).toBe(accepted);
      }
    }
    // The message keeps its line breaks, in the schema and in the rules.
    const letter = 'Bonjour,\nvoici notre demande.';
    expect(contactInputSchema.safeParse({ ...base, message: letter }).success).toBe(true);
    expect(rulesAcceptText(letter, false)).toBe(true);
    expect(rulesAcceptText(letter, true)).toBe(false);
  });

  it('checks the provenance with the schema’s bounds and patterns, each part optional', () => {
    expect(rules).toContain(
      `data.pagePath.size() <= ${PROVENANCE_LIMITS.pagePath}\n                && data.pagePath.matches('${PAGE_PATH_PATTERN}')`,
    );
    expect(rules).toContain(
      `data.referrer.size() <= ${PROVENANCE_LIMITS.referrer}\n                && data.referrer.matches('${HOST_PATTERN}')`,
    );
    for (const field of Object.keys(UTM_PARAMETERS)) {
      expect(rules).toContain(
        `(!('${field}' in data) || isLine(data.${field}, 1, ${PROVENANCE_LIMITS.utm}))`,
      );
    }
    // A campaign word refused by the rules is refused (then dropped) by the schema too.
    for (const [value, accepted] of [
      ['newsletter-hiver', true],
      ['promo \u202Eété', false],
      ['a\nb', false],
    ] as const) {
      const parsed = contactInputSchema.parse({ ...base, utmCampaign: value });
      expect(parsed.utmCampaign !== undefined, JSON.stringify(value)).toBe(accepted);
      expect(rulesAcceptText(value, true), `rules ${JSON.stringify(value)}`).toBe(accepted);
    }
  });

  it('checks push subscriptions with the schema’s bounds and key pattern', () => {
    const { endpoint, p256dh, auth } = PUSH_SUBSCRIPTION_LIMITS;
    expect(rules).toContain(`data.endpoint.size() <= ${endpoint}`);
    expect(rules).toContain(`isPushKey(data['keys'].p256dh, ${p256dh})`);
    expect(rules).toContain(`isPushKey(data['keys'].auth, ${auth})`);
    expect(rules).toContain(`value.matches('${PUSH_KEY_PATTERN}')`);
  });

  it('accepts exactly the four services', () => {
    const list = CONTACT_SERVICES.map((service) => `'${service}'`).join(', ');
    expect(rules).toContain(`data['service'] in [${list}]`);
  });

  it('holds the lead pipeline to the domain’s statuses, reasons, channels and bounds', () => {
    const list = (codes: readonly string[]) => `[${codes.map((code) => `'${code}'`).join(', ')}]`;
    expect(rules).toContain(`value in ${list(LEAD_STATUS_CODES)}`);
    expect(rules).toContain(`value in ${list(LOST_REASON_CODES)}`);
    expect(rules).toContain(`data.channel in ${list(REPLY_CHANNEL_CODES)}`);
    expect(rules).toContain(`data.text.size() <= ${NOTE_MAX_LENGTH}`);
    expect(rules).toContain(`data.estimatedValue <= ${ESTIMATED_VALUE_MAX_DZD}`);
    expect(rules).toContain(`duration.value(${NOTE_CORRECTION_MS / 60_000}, 'm')`);
  });

  it('lets the owner type in a lead from each source of the domain but the form', () => {
    const typedIn = LEAD_SOURCE_CODES.filter((source) => source !== 'formulaire');
    expect(rules).toContain(`data.source in [${typedIn.map((s) => `'${s}'`).join(', ')}]`);
  });

  // « Rester connecté sur cet appareil »: a sign-in lasts REMEMBERED_SESSION_DAYS at most,
  // here as on the embedded server; the rules say so once, in isAdmin, which every rule that
  // lets an admin in goes through (sign-in-age-rules.test.ts proves it on the emulator).
  it('caps an admin’s sign-in at the domain’s days, once, in isAdmin', () => {
    const isAdmin = /function isAdmin\(\) \{([\s\S]*?)\n {4}\}/.exec(rules)?.[1] ?? '';
    expect(isAdmin).toContain('request.auth.token.admin == true');
    expect(isAdmin).toContain(
      `request.time < timestamp.value(request.auth.token.auth_time * 1000)`,
    );
    expect(isAdmin).toContain(`duration.value(${REMEMBERED_SESSION_DAYS}, 'd')`);
    expect(rules.match(/duration\.value\(\d+, 'd'\)/g)).toHaveLength(1);
    // No rule reads the claim itself, around the cap.
    expect(rules.match(/token\.admin/g)).toHaveLength(1);
  });

  it('has a comment over each block saying who may do what', () => {
    for (const rule of ['allow create', 'allow get, list', 'allow update', 'allow delete']) {
      const before = rules.slice(0, rules.indexOf(rule)).trimEnd().split('\n').at(-1) ?? '';
      expect(before.trim().startsWith('//'), `a comment above « ${rule} »`).toBe(true);
    }
  });
});
