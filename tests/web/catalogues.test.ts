import { describe, expect, it } from 'vitest';
import { ar } from '../../src-web/content/ar.ts';
import { catalogues } from '../../src-web/content/catalogues.ts';
import { fr } from '../../src-web/content/fr.ts';
import { CONTACT_FORM_TEXT } from '../../src-web/site/features/contact/contact-form-text.ts';
import { formatCount, formatDate, formatPriceDzd } from '../../src-web/content/format.ts';
import { webFontsFor } from '../../src-web/fonts/web-fonts.ts';
import { contactFieldErrorIn, contactInputSchemaWith } from '../../shared/domain/contact.ts';
import { fieldErrors } from '../../shared/domain/field-errors.ts';
import { PRIVATE_ROUTES } from '../../shared/domain/routes.ts';
import { LOCALES } from '../../shared/domain/locales.ts';
import { aContactInput } from '../fixtures/messages.ts';

/**
 * Where the French and Arabic values differ in shape: the path of the first difference, or
 * null. Objects must have the same keys, arrays the same length, texts be texts on both sides
 * (and not empty), and numbers, booleans and nulls be equal (prices, counts, coordinates).
 */
function shapeDifference(french: unknown, arabic: unknown, path: string): string | null {
  if (typeof french === 'string') {
    return typeof arabic === 'string' && arabic.trim() !== '' ? null : path;
  }
  if (typeof french === 'function') return typeof arabic === 'function' ? null : path;
  if (Array.isArray(french)) {
    if (!Array.isArray(arabic) || arabic.length !== french.length) return `${path} (longueur)`;
    for (const [i, item] of french.entries()) {
      const difference = shapeDifference(item, arabic[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (french !== null && typeof french === 'object') {
    if (arabic === null || typeof arabic !== 'object') return path;
    const frenchKeys = Object.keys(french).sort();
    const arabicKeys = Object.keys(arabic).sort();
    if (frenchKeys.join() !== arabicKeys.join()) {
      const missing = frenchKeys.filter((key) => !arabicKeys.includes(key));
      const extra = arabicKeys.filter((key) => !frenchKeys.includes(key));
      return `${path} (manque : ${missing.join(', ') || '—'} ; en trop : ${extra.join(', ') || '—'})`;
    }
    for (const key of frenchKeys) {
      // A count's wordings follow each language's plural categories (checked below).
      if (key === 'sentence') continue;
      const difference = shapeDifference(
        (french as Record<string, unknown>)[key],
        (arabic as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(french, arabic) ? null : `${path} (${String(french)} ≠ ${String(arabic)})`;
}

/** Every text reachable from a value, with its path. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => texts(item, `${path}.${key}`));
  }
  return [];
}

/** The Arabic catalogue's fields that are no words: addresses, ids, file and icon names. */
const NOT_WORDS =
  /\.(url|siteUrl|mapEmbedUrl|mapLinkUrl|email|e164|id|name|icon|network|contactService|date|updated|path|language|locale|ogLocale|postalCode)$/u;

describe('the French and Arabic catalogues', () => {
  it('have the same keys, items and figures, so that no text is missing in either', () => {
    expect(shapeDifference(fr, ar, 'catalogue')).toBeNull();
  });

  it('find a difference when an Arabic text is missing (the check above can fail)', () => {
    const broken = { ...ar, ui: { ...ar.ui, nav: { ...ar.ui.nav, quote: '' } } };
    expect(shapeDifference(fr, broken, 'catalogue')).toBe('catalogue.ui.nav.quote');
    const withoutKey: Partial<typeof ar.ui> = { ...ar.ui };
    delete withoutKey.skipLink;
    expect(shapeDifference(fr.ui, withoutKey, 'ui')).toMatch(/manque : skipLink/u);
  });

  it('give the Arabic public pages no Latin word but technical names', () => {
    const publicTexts = texts({ ...ar, pageMeta: { ...ar.pageMeta } }, 'ar').filter(
      ([path]) =>
        !NOT_WORDS.test(path) &&
        // The owner's screens stay French.
        !PRIVATE_ROUTES.some((route) => path.startsWith(`ar.pageMeta.${route}.`)),
    );
    const latin = publicTexts.filter(([, text]) =>
      /[A-Za-zÀ-ÿ]{2,}/u.test(text.replace(/\b(HTML|CSS)\b/gu, '')),
    );
    expect(latin.map(([path, text]) => `${path}: ${text}`)).toEqual([]);
    expect(publicTexts.length).toBeGreaterThan(300);
  });

  it('keep the agency’s contact details, coordinates and prices in one place', () => {
    expect(ar.agency.phone).toBe(fr.agency.phone);
    expect(ar.agency.email).toBe(fr.agency.email);
    expect(ar.agency.geo).toBe(fr.agency.geo);
    expect(ar.plans.map((plan) => plan.priceDzd)).toEqual(fr.plans.map((plan) => plan.priceDzd));
    // Each page picks its catalogue by its language: each one says it is that language's.
    for (const [language, catalogue] of Object.entries(catalogues)) {
      expect(catalogue.language).toBe(language);
    }
  });
});

describe('the Arabic wording', () => {
  const arabic = [
    ...texts({ ...ar, pageMeta: { ...ar.pageMeta } }, 'ar').map(([, text]) => text),
    ...Object.values(CONTACT_FORM_TEXT.ar.services),
  ].join('\n');

  it('reads as Modern Standard Arabic, not as French word for word', () => {
    // Calques, a wrong voice or number, and words that say something else in Arabic.
    for (const phrase of [
      'تُعترف بشهاداتها',
      'صورة علامة تشبهكم',
      'مع محاور واحد لكم',
      'يصوّر صورة علامتكم',
      'وسنعود إليكم بسرعة',
      'حسب مقاسكم',
      'المبادلات',
      'في العمل اليومي',
      'مدفوع',
      'اتصل بنا',
      'اطلب ',
      'يونيو',
    ]) {
      expect(arabic, phrase).not.toContain(phrase);
    }
    for (const phrase of [
      'يُعترَف بشهاداتها',
      'هوية بصرية تعبّر عنكم',
      'ومخاطَب واحد يتابع مشروعكم',
      'يتولّى تصوير علامتكم ومونتاجها وتصميمها',
      'وسنردّ عليكم في أقرب وقت',
      'على مقاس مشروعكم',
      'الاتصال بين متصفحكم وموقعنا مشفّر',
      'يوميًّا معكم',
      'تكوين بشهادات دولية',
      'منصة احترافية',
      'اطلبوا الآن',
      '10 جوان 2018',
    ]) {
      expect(arabic, phrase).toContain(phrase);
    }
    // The service the contact form offers is the social networks' accounts, not accounting.
    expect(CONTACT_FORM_TEXT.ar.services['Gestion des comptes']).toBe(
      'إدارة حسابات التواصل الاجتماعي',
    );
    expect(ar.ui.servicesPage.budgetToDefine).toBe('ميزانية تُحدَّد معكم');
    expect(fr.ui.servicesPage.budgetToDefine).toBe('budget à définir');
  });

  it('gives the content writer the same degree in both languages', () => {
    const writer = (catalogue: typeof fr) =>
      catalogue.workTeam.find((member) => member.icon === 'pencil-square')?.studyLevel;
    expect(writer(fr)).toMatch(/littérature françaises/u);
    expect(writer(ar)).toMatch(/الأدب الفرنسي/u);
  });
});

describe('Arabic formatting', () => {
  it('writes prices and dates with Latin digits, the same amounts as in French', () => {
    expect(formatPriceDzd(28000, 'ar-DZ')).toBe('28.000\u00a0دج');
    expect(formatPriceDzd(null, 'ar-DZ')).toBe('?????');
    expect(formatPriceDzd(28000, 'ar-DZ').replace(/\D/g, '')).toBe(
      formatPriceDzd(28000).replace(/\D/g, ''),
    );
    expect(formatDate('2024-11-18', 'ar-DZ')).toMatch(/^18 \S+ 2024$/u);
    expect(formatDate('2024-11-18', 'ar-DZ')).not.toMatch(/[٠-٩]/u);
  });

  it('says a count with each of Arabic’s six plural forms', () => {
    const clients = ar.counters[0]?.sentence ?? { other: '' };
    expect([0, 1, 2, 3, 11, 100].map((count) => formatCount(count, clients, 'ar-DZ'))).toEqual([
      'لا زبائن راضين',
      'زبون واحد راضٍ',
      'زبونان راضيان',
      '3 زبائن راضين',
      '11 زبونًا راضيًا',
      '100 زبون راضٍ',
    ]);
    expect(formatCount(394, clients, 'ar-DZ')).toBe('394 زبونًا راضيًا');
    for (const counter of ar.counters) {
      expect(Object.keys(counter.sentence).sort()).toEqual(
        ['few', 'many', 'one', 'other', 'two', 'zero'].sort(),
      );
    }
    expect(formatCount(394, fr.counters[0]?.sentence ?? { other: '' })).toBe(
      '394 clients satisfaits',
    );
  });
});

describe('the contact form in Arabic', () => {
  const arabic = CONTACT_FORM_TEXT.ar;
  const schema = contactInputSchemaWith(arabic.schema);
  // Arabic in every field a visitor writes words in.
  const valid = aContactInput({
    fullName: 'مخبزة البهجة',
    subject: 'شعار لمتجري',
    message: 'أرغب في تصميم شعار جديد لمتجري في تلمسان.',
  });

  it('accepts Arabic text in every field, with the same rules as the French form', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('explains each refusal in Arabic, counting characters with the plural forms', () => {
    const result = schema.safeParse({ ...valid, fullName: 'أ', subject: '', message: 'قصير' });
    // What the form shows: the first message of each field.
    expect(fieldErrors(result.error?.issues ?? [])).toEqual({
      fullName: 'يجب أن يتكوّن الاسم الكامل من حرفين على الأقل.',
      subject: 'هذا الحقل إلزامي.',
      message: 'يجب أن يتكوّن نص الرسالة من 10 أحرف على الأقل.',
    });
    expect(arabic.rateLimited(1)).toContain('ثانية واحدة');
    expect(arabic.rateLimited(30)).toContain('30 ثانية');
    expect(arabic.rateLimited(600)).toContain('10 دقائق');
  });

  it('says a field the server refused (in French) in Arabic, whichever rule it broke', () => {
    const french = contactInputSchemaWith(CONTACT_FORM_TEXT.fr.schema);
    // One value per rule of the schema, each field refused by it.
    const refused: Record<string, unknown>[] = [
      { fullName: '', subject: '   ', message: undefined, email: '', phone: '', service: 'Autre' },
      { fullName: 'أ', subject: 'x', message: 'قصير', email: `${'a'.repeat(250)}@exemple.dz` },
      { fullName: 'ن'.repeat(101), subject: 'س'.repeat(151), message: 'ر'.repeat(5001) },
      { fullName: 'مخبزة\u0007', subject: 'شعار\u0000', message: 'نص\u0000الرسالة طويل' },
      { fullName: 'مخبزة \u202E', subject: 'شعار \u2066', message: 'نص الرسالة \u202D طويل' },
      { fullName: '\u200B\u200B', subject: '\u200D\u200D', message: '\u200B'.repeat(12) },
      { email: 'amina@', phone: '123' },
    ];
    let checked = 0;
    for (const change of refused) {
      const input = { ...valid, ...change };
      const server = fieldErrors(french.safeParse(input).error?.issues ?? []);
      const form = fieldErrors(schema.safeParse(input).error?.issues ?? []);
      expect(Object.keys(server).sort()).toEqual(Object.keys(change).sort());
      for (const [field, sentence] of Object.entries(server)) {
        expect(form[field]).toMatch(/[\u0600-\u06ff]/u);
        expect(contactFieldErrorIn(arabic.schema, field, sentence)).toBe(form[field]);
        expect(contactFieldErrorIn(CONTACT_FORM_TEXT.fr.schema, field, sentence)).toBe(sentence);
        checked += 1;
      }
    }
    expect(checked).toBe(24);
    // A sentence the schema never says (a server of another version): the form's own.
    expect(contactFieldErrorIn(arabic.schema, 'phone', 'Numéro refusé.')).toBeNull();
    expect(contactFieldErrorIn(arabic.schema, 'admin', 'Champ inconnu.')).toBeNull();
  });

  it('has every text of the French form, in Arabic', () => {
    // Under a field the server refused, French shows the server's own words (no text of its
    // own); Arabic has one sentence. Every other text is on both sides.
    expect(CONTACT_FORM_TEXT.fr.serverFieldError).toBeNull();
    expect(arabic.serverFieldError).toMatch(/[\u0600-\u06ff]/u);
    const exceptServerFieldError = (text: typeof arabic) => ({
      ...text,
      serverFieldError: undefined,
    });
    expect(
      shapeDifference(
        exceptServerFieldError(CONTACT_FORM_TEXT.fr),
        exceptServerFieldError(arabic),
        'form',
      ),
    ).toBeNull();
  });
});

describe('web fonts per language', () => {
  it('gives the Arabic font to the Arabic pages only', () => {
    const families = (language: string) => webFontsFor(language).map((font) => font.family);
    expect(families('fr')).toEqual(['Inter Variable', 'Outfit Variable']);
    expect(families('ar')).toEqual([
      'Inter Variable',
      'Outfit Variable',
      'Noto Sans Arabic Variable',
    ]);
    // As the build writes the page's lang, and an unknown one: the first language's fonts.
    expect(families('ar-DZ')).toEqual(families('ar'));
    expect(families('en')).toEqual(families('fr'));
  });

  it('has a font for the script of every language of the locale table', () => {
    for (const locale of LOCALES) {
      const scripts = webFontsFor(locale.code).map((font) => font.script);
      expect(scripts, locale.code).toContain(locale.script);
      expect(scripts, locale.code).toContain('latin');
    }
  });
});
