import { describe, expect, it } from 'vitest';
import { sellerLegalDetails } from '../../../../shared/content/seller.ts';
import {
  addBusinessTime,
  nextBusinessInstant,
  stillNewReminderAt,
} from '../../../../shared/domain/leads/business-hours.ts';
import { defaultNextAction } from '../../../../shared/domain/leads/pipeline.ts';
import {
  ccpKey,
  ccpKeyDoubt,
  normaliseRib,
  ripOfCcp,
} from '../../../../shared/domain/settings/bank-keys.ts';
import {
  defaultSettings,
  digestTimeOf,
  missingLegalMentions,
  sellerOf,
  workingHoursOf,
} from '../../../../shared/domain/settings/effective.ts';
import {
  missingMentionsSentence,
  missingSellerMentions,
  quoteSendingRefusal,
} from '../../../../shared/domain/settings/mentions.ts';
import {
  settingsFieldErrors,
  settingsSchema,
  type Settings,
  type SettingsInput,
} from '../../../../shared/domain/settings/settings.ts';

/** A complete set of settings, as a new owner fills « Réglages » (invented, checked numbers). */
export function filledSettings(): SettingsInput {
  const base = defaultSettings({ seller: sellerLegalDetails, digestTime: '08:00' });
  return {
    ...base,
    agency: {
      legalName: 'Atelier Numérique Tlemcen',
      legalFormFr: 'SARL au capital de 100 000 DA',
      legalFormAr: 'ش.ذ.م.م',
      addressFr: '12 rue de la Paix, Tlemcen',
      addressAr: '12 شارع السلام، تلمسان',
      phone: '0550 12 34 56',
      email: 'contact@atelier.dz',
      whatsapp: '+213 550 12 34 56',
    },
    legal: {
      rc: '13/00-0123456 B 24',
      nif: '001213012345678',
      nis: '001213010012345',
      articleImposition: '13011234567',
      bank: 'CPA',
      rib: '00799999002311500797',
      ccp: '',
      ccpKey: '',
    },
  };
}

const parse = (input: SettingsInput) => settingsSchema.safeParse(input);
const errorsOf = (input: SettingsInput) => {
  const result = parse(input);
  return result.success ? {} : settingsFieldErrors(result.error.issues);
};

describe('the account keys (RIB/RIP modulo 97, CCP weighted sum)', () => {
  it('builds the RIP of a CCP as the public examples give it', () => {
    // dzkit's README and dz-format's (docs/quotes.md, « Les réglages »).
    expect(ripOfCcp('23115007')).toBe('00799999002311500797');
    expect(ripOfCcp('200')).toBe('00799999000000020091');
  });

  it('accepts a RIB whose key is right, spaces allowed, and refuses one digit off', () => {
    expect(normaliseRib('007 99999 0023115007 97')).toBe('00799999002311500797');
    expect(normaliseRib('00799999002311500798')).toBeNull();
    expect(normaliseRib('002 00112 1123000001 47')).toBeNull();
  });

  it('computes the CCP key as the weighted sum’s last two digits', () => {
    // 0023115007: 0·13 + 0·12 + 2·11 + 3·10 + 1·9 + 1·8 + 5·7 + 0·6 + 0·5 + 7·4 = 132 → 32.
    expect(ccpKey('23115007')).toBe('32');
    expect(ccpKey('0023115007')).toBe('32');
  });
});

describe('the settings’ schemas, a French sentence under each refused field', () => {
  it('accepts what a new owner fills in', () => {
    expect(parse(filledSettings()).success).toBe(true);
  });

  it('refuses a NIF of the wrong length, a RIB short of a digit or with a wrong key, a bad CCP key', () => {
    const input = filledSettings();
    expect(
      errorsOf({ ...input, legal: { ...input.legal, nif: '12345', rib: '0079999900231150079' } }),
    ).toEqual({
      'legal.nif': 'Le NIF compte 15 ou 20 chiffres.',
      'legal.rib': 'Le RIB compte 20 chiffres (banque, agence, compte et clé).',
    });
    expect(errorsOf({ ...input, legal: { ...input.legal, rib: '00799999002311500798' } })).toEqual({
      'legal.rib':
        'La clé de ce RIB (ses deux derniers chiffres) ne correspond pas : vérifiez-le chiffre par chiffre.',
    });
    // A key the unconfirmed rule disagrees with is accepted, with a note; one that is not two
    // digits is certainly wrong.
    expect(
      errorsOf({ ...input, legal: { ...input.legal, ccp: '23115007', ccpKey: '33' } }),
    ).toEqual({});
    expect(ccpKeyDoubt('23115007', '33')).toBe(
      'Cette clé ne correspond pas au calcul que nous connaissons (32), qui n’est pas confirmé par Algérie Poste : vérifiez-la sur un chèque ou un relevé. Elle est enregistrée telle que vous la tapez.',
    );
    expect(ccpKeyDoubt('23115007', '32')).toBeNull();
    expect(ccpKeyDoubt('23115007', '3')).toBeNull();
    expect(errorsOf({ ...input, legal: { ...input.legal, ccp: '23115007', ccpKey: '3' } })).toEqual(
      { 'legal.ccpKey': 'La clé du CCP compte 2 chiffres.' },
    );
    expect(errorsOf({ ...input, legal: { ...input.legal, ccp: '23115007', ccpKey: '' } })).toEqual({
      'legal.ccpKey': 'Indiquez aussi la clé du CCP.',
    });
    expect(errorsOf({ ...input, legal: { ...input.legal, bank: '' } })).toEqual({
      'legal.bank': 'Indiquez la banque de ce RIB.',
    });
  });

  it('asks the IFU its rate and mention, and refuses closing before opening, no day, a bad digest time', () => {
    const input = filledSettings();
    expect(
      errorsOf({
        ...input,
        tax: { regime: 'ifu', ifuRate: '', mentionFr: '', mentionAr: 'x' },
        hours: { days: [], opens: '18:00', closes: '09:00' },
        notifications: { digestTime: '25:00', email: 'pas-une-adresse' },
        quotes: { ...input.quotes, validityDays: '0', depositPercent: '120' },
      }),
    ).toEqual({
      'tax.ifuRate': 'Indiquez le taux de l’IFU, en pour cent (5 ou 12, par exemple).',
      'tax.mentionFr': 'Écrivez la mention que le devis imprime à la place de la TVA.',
      'hours.days': 'Choisissez au moins un jour ouvré.',
      'hours.closes': 'La fermeture vient après l’ouverture.',
      'notifications.digestTime':
        'Saisissez une heure au format HH:MM, ou choisissez « Désactivé ».',
      'notifications.email': 'Saisissez une adresse e-mail valide, par exemple contact@agence.dz.',
      'quotes.validityDays': 'La validité compte de 1 à 365 jours.',
      'quotes.depositPercent': 'L’acompte est un pourcentage de 0 à 100.',
    });
  });
});

describe('the defaults: today’s configuration and content module', () => {
  it('takes DIGEST_TIME and NOTIFY_EMAIL, and leaves the bracketed examples’ mentions empty', () => {
    const settings = defaultSettings({
      seller: sellerLegalDetails,
      digestTime: 'off',
      notifyEmail: 'proprio@atelier.dz',
    });
    expect(settings.notifications).toEqual({ digestTime: 'off', email: 'proprio@atelier.dz' });
    expect(digestTimeOf(settings)).toBeNull();
    expect(settings.legal.nif).toBe('');
    expect(settings.agency.legalName).toBe(sellerLegalDetails.legalName);
    expect(settings.hours).toEqual({
      days: [0, 1, 2, 3, 4, 5, 6],
      opens: '08:00',
      closes: '20:00',
    });
    expect(digestTimeOf(defaultSettings({ seller: sellerLegalDetails }))).toEqual({
      hour: 8,
      minute: 0,
    });
  });
});

describe('missing legal mentions', () => {
  it('lists every required one that is empty or still an example, in the screen’s order', () => {
    const settings = defaultSettings({ seller: sellerLegalDetails });
    const missing = missingLegalMentions(settings);
    expect(missing.map((m) => `${m.field}:${m.reason}`)).toEqual([
      'agency.legalName:example',
      'agency.legalFormFr:example',
      'agency.legalFormAr:example',
      'agency.addressFr:example',
      'agency.addressAr:example',
      'legal.rc:missing',
      'legal.nif:missing',
      'legal.nis:missing',
      'legal.articleImposition:missing',
      'legal.rib:missing',
    ]);
    expect(missingMentionsSentence(missing)).toBe(
      'Ce devis ne peut pas être envoyé : il manque le RC, le NIF, le NIS, l’article d’imposition et un RIB ou un CCP ; la raison sociale, la forme juridique, la forme juridique en arabe, l’adresse du siège et l’adresse du siège en arabe sont encore des exemples. Complétez les mentions légales dans « Réglages ». Un brouillon reste enregistré et s’imprime comme « Modèle ».',
    );
    expect(sellerOf(settings).placeholder).toBe(true);
  });

  it('lists none once filled: the quote prints the owner’s RC, NIF, NIS, AI and RIB, no « Modèle »', () => {
    const settings: Settings = settingsSchema.parse(filledSettings());
    expect(missingLegalMentions(settings)).toEqual([]);
    expect(missingMentionsSentence([])).toBeNull();
    const seller = sellerOf(settings);
    expect(seller).toMatchObject({
      placeholder: false,
      legalName: 'Atelier Numérique Tlemcen',
      rc: '13/00-0123456 B 24',
      nif: '001213012345678',
      nis: '001213010012345',
      articleImposition: '13011234567',
      account: { kind: 'rib', bank: 'CPA', rib: '00799999002311500797' },
      taxRegime: { kind: 'reel' },
    });
    expect(seller.secondAccount).toBeUndefined();
  });

  it('a CCP alone will do; outside the réel, the regime’s mention is required', () => {
    const input = filledSettings();
    const settings = settingsSchema.parse({
      ...input,
      legal: { ...input.legal, bank: '', rib: '', ccp: '23115007', ccpKey: '32' },
      tax: {
        regime: 'auto-entrepreneur',
        ifuRate: '',
        mentionFr: 'TVA non applicable.',
        mentionAr: '[…]',
      },
    });
    expect(missingLegalMentions(settings).map((m) => m.field)).toEqual(['tax.mentionAr']);
    expect(sellerOf(settings).account).toEqual({ kind: 'ccp', ccp: '23115007', key: '32' });
  });
});

describe('working days and hours of « Réglages »', () => {
  const SUNDAY_TO_THURSDAY = workingHoursOf(
    settingsSchema.parse({
      ...filledSettings(),
      hours: { days: [0, 1, 2, 3, 4], opens: '08:30', closes: '17:00' },
    }),
  );
  const algiers = (iso: string) => Date.parse(`${iso}+01:00`);

  it('counts the « 2 heures » only inside them: Thursday 16:00 → Sunday 09:30', () => {
    // 26 November 2026 is a Thursday.
    expect(stillNewReminderAt(algiers('2026-11-26T16:00:00'), undefined, SUNDAY_TO_THURSDAY)).toBe(
      algiers('2026-11-29T09:30:00'),
    );
    // The default (every day, 08:00–20:00) is unchanged: Friday 09:30.
    expect(stillNewReminderAt(algiers('2026-11-26T19:30:00'))).toBe(algiers('2026-11-27T09:30:00'));
    expect(addBusinessTime(algiers('2026-11-28T10:00:00'), 0, undefined, SUNDAY_TO_THURSDAY)).toBe(
      algiers('2026-11-29T08:30:00'),
    );
  });

  it('moves a proposed « Relancer le » into them: Wednesday + 2 days is Friday → Sunday 08:30', () => {
    const wednesday = algiers('2026-11-25T11:00:00');
    expect(defaultNextAction('contacte', wednesday, SUNDAY_TO_THURSDAY)).toBe(
      algiers('2026-11-29T08:30:00'),
    );
    expect(defaultNextAction('contacte', wednesday)).toBe(algiers('2026-11-27T11:00:00'));
    expect(nextBusinessInstant(algiers('2026-11-29T10:00:00'), undefined, SUNDAY_TO_THURSDAY)).toBe(
      algiers('2026-11-29T10:00:00'),
    );
  });
});

describe('a quote cannot be sent while a mention is missing or an example (quoteSendingRefusal)', () => {
  it('refuses the content module’s examples, naming each', () => {
    const missing = missingSellerMentions(sellerLegalDetails);
    expect(missing.every((m) => m.reason === 'example')).toBe(true);
    expect(missing.map((m) => m.field)).toEqual([
      'agency.legalName',
      'agency.legalFormFr',
      'agency.legalFormAr',
      'agency.addressFr',
      'agency.addressAr',
      'legal.rc',
      'legal.nif',
      'legal.nis',
      'legal.articleImposition',
      'legal.rib',
      'legal.bank',
    ]);
    expect(quoteSendingRefusal(sellerLegalDetails)).toMatch(
      /^Ce devis ne peut pas être envoyé : la raison sociale, .* et la banque du RIB sont encore des exemples\. Complétez les mentions légales dans « Réglages »\./u,
    );
  });

  it('lets a quote leave once « Réglages » is filled, and refuses again when one is emptied', () => {
    const filled = settingsSchema.parse(filledSettings());
    expect(quoteSendingRefusal(sellerOf(filled))).toBeNull();
    const noNif = settingsSchema.parse({
      ...filledSettings(),
      legal: { ...filled.legal, nif: '' },
    });
    expect(quoteSendingRefusal(sellerOf(noNif))).toBe(
      'Ce devis ne peut pas être envoyé : il manque le NIF. Complétez les mentions légales dans « Réglages ». Un brouillon reste enregistré et s’imprime comme « Modèle ».',
    );
    expect(sellerOf(noNif).placeholder).toBe(true);
  });
});
