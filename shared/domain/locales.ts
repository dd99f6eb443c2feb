/**
 * The languages of the public site, each defined once (docs/architecture.md, « Ajouter une
 * langue »): the routes, the language switch, the build (`lang`, `dir`, hreflang, sitemap),
 * firebase.json, the message's language in SQL and in firestore.rules, and the formatting of
 * numbers and dates are derived from this table or tested against it. The first locale is the
 * specification's: its pages have no prefix, and it is the `x-default` of search engines.
 */
/** The writing systems the site has web fonts for (src-web/fonts/web-fonts.ts). */
export type WritingScript = 'latin' | 'arabic';

export interface LocaleDefinition {
  /** The language's code: <html lang>, hreflang, the message's `language`. */
  readonly code: string;
  /** Its code in hreflang links (pages and sitemap). */
  readonly hreflang: string;
  /** Where its pages live: '' for the first locale, else `/<code>` (/ar/pageAccueil). */
  readonly prefix: string;
  /** Its writing direction: `dir="rtl"` on its pages' root element. */
  readonly direction: 'ltr' | 'rtl';
  /** The `Intl` locale its numbers, prices and dates are written in. */
  readonly intl: string;
  /** The digits `Intl` writes: Latin in both, as Algerians write numbers in Arabic too. */
  readonly numberingSystem: 'latn';
  /** The currency's name after an amount: « 28 000 DZD », « 28.000 دج ». */
  readonly dinars: string;
  /** Open Graph's locale (fr_DZ). */
  readonly ogLocale: string;
  /** Its own name, written in it: the language switch's link. */
  readonly name: string;
  /**
   * The writing system of its texts: its pages load the web fonts of that script besides the
   * Latin ones (src-web/fonts/web-fonts.ts, `webFontsFor`).
   */
  readonly script: WritingScript;
  /**
   * The language whose texts its pages show (the catalogue, the form's texts): its own code
   * for every locale of the product; a test builds a locale from the French texts.
   */
  readonly catalogue: string;
}

export const LOCALES = [
  {
    code: 'fr',
    hreflang: 'fr',
    prefix: '',
    direction: 'ltr',
    intl: 'fr-FR',
    numberingSystem: 'latn',
    dinars: 'DZD',
    ogLocale: 'fr_DZ',
    name: 'Français',
    script: 'latin',
    catalogue: 'fr',
  },
  {
    code: 'ar',
    hreflang: 'ar',
    prefix: '/ar',
    direction: 'rtl',
    intl: 'ar-DZ',
    numberingSystem: 'latn',
    dinars: 'دج',
    ogLocale: 'ar_DZ',
    name: 'العربية',
    script: 'arabic',
    catalogue: 'ar',
  },
] as const satisfies readonly LocaleDefinition[];
