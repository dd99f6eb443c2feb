import { LOCALES, type LocaleDefinition } from './locales.ts';

/** Every route path of the product, defined once (docs/architecture.md). */
export const ROUTES = {
  home: '/pageAccueil',
  services: '/pageServices',
  portfolio: '/pagePortfolio',
  team: '/pageEquipe',
  contact: '/pageContact',
  privacy: '/pagePolitique',
  login: '/pageLogin',
  dashboard: '/pageDashboard',
  /** Where the owner chooses the first password, from the link printed at start (local mode). */
  firstPassword: '/pageBienvenue',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

/** The six public pages, in the order the navigation and the footer list them. */
export const PUBLIC_ROUTES = [
  ROUTES.home,
  ROUTES.services,
  ROUTES.portfolio,
  ROUTES.team,
  ROUTES.contact,
  ROUTES.privacy,
] as const satisfies readonly RoutePath[];

export type PublicRoutePath = (typeof PUBLIC_ROUTES)[number];

/** Every path the app answers with a page; anything else is the not-found screen. */
export const ALL_ROUTES: readonly RoutePath[] = Object.values(ROUTES);

/** The owner's screens (own bundle, never indexed); every other path is the public site. */
export const PRIVATE_ROUTES = [
  ROUTES.login,
  ROUTES.dashboard,
  ROUTES.firstPassword,
] as const satisfies readonly RoutePath[];

export function isPrivateRoute(path: string): boolean {
  return (PRIVATE_ROUTES as readonly string[]).includes(path);
}

/** The languages of the public pages, from the locale table (shared/domain/locales.ts). */
export const LANGUAGES: readonly Language[] = LOCALES.map((locale) => locale.code);
export type Language = (typeof LOCALES)[number]['code'];

/** The specification's language: its pages have no prefix; search engines' x-default. */
export const DEFAULT_LANGUAGE: Language = LOCALES[0].code;

/** A language's definition: its prefix, direction, `Intl` locale… */
export function localeOf(language: Language): LocaleDefinition {
  const locale = (LOCALES as readonly LocaleDefinition[]).find((each) => each.code === language);
  if (!locale) throw new Error(`Langue inconnue : « ${language} ».`);
  return locale;
}

/**
 * The language whose texts a language's pages show (its catalogue, the form's texts): its own
 * for every language of the product; a test's locale borrows French (locales.ts, `catalogue`).
 */
export function textsLanguage(language: Language): Language {
  return localeOf(language).catalogue as Language;
}

/** The public pages of every language but the first, under its prefix (/ar/pageAccueil…). */
export const LOCALIZED_ROUTES: readonly string[] = LOCALES.slice(1).flatMap((locale) =>
  PUBLIC_ROUTES.map((route) => `${locale.prefix}${route}`),
);

/** Every path the build prerenders and the server answers with a page. */
export const PAGE_ROUTES: readonly string[] = [...ALL_ROUTES, ...LOCALIZED_ROUTES];

/** The language of a page, from its address alone (never from the browser's preferences). */
export function pathLanguage(path: string): Language {
  const locale = LOCALES.slice(1).find(
    ({ prefix }) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return locale?.code ?? DEFAULT_LANGUAGE;
}

/**
 * The language of a page in the browser, from its `lang` attribute (« ar », « ar-DZ »…), which
 * the build writes from the address: the first language unless another one's. The contact
 * form sends it with each message.
 */
export function languageOfPage(lang: string): Language {
  const primary = lang.trim().toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => language === primary) ?? DEFAULT_LANGUAGE;
}

/** A path of the first language (/pageContact) in the given language (/ar/pageContact). */
export function localizedPath(route: string, language: Language): string {
  return `${localeOf(language).prefix}${route}`;
}

/** The path of a page in the first language, from its path in any: /ar/pageContact → /pageContact. */
export function frenchPath(path: string): string {
  const { prefix } = localeOf(pathLanguage(path));
  return prefix ? path.slice(prefix.length) || '/' : path;
}

/**
 * A language's not-found page, for unknown addresses under its prefix (routes/ar/404.html for
 * /ar/…); the first language's is 404.html, the one every host serves by that name.
 */
export function notFoundFile(language: Language): string {
  const { prefix } = localeOf(language);
  return prefix ? `routes${prefix}/404.html` : '404.html';
}

/** « Indésirables » in the dashboard (its folder `?dossier=indesirables`): the digest links to it. */
export const SPAM_FOLDER_PATH = `${ROUTES.dashboard}?dossier=indesirables`;

/** The parameter of « Factures » that opens one invoice: `?dossier=factures&facture=<id>`. */
export const INVOICE_PARAM = 'facture';

/** One invoice in the dashboard's « Factures » (the digest and « Aujourd’hui » link to it). */
export function invoiceInFolderPath(id: string): string {
  return `${ROUTES.dashboard}?dossier=factures&${INVOICE_PARAM}=${encodeURIComponent(id)}`;
}
