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

/** The languages of the public pages: French (the specification's), and Arabic under /ar. */
export const LANGUAGES = ['fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the Arabic twins of the public pages live: /ar/pageAccueil… */
export const ARABIC_PREFIX = '/ar';

/** The Arabic twin of a public page. */
export type ArabicRoutePath = `${typeof ARABIC_PREFIX}${PublicRoutePath}`;

/** The Arabic public pages, in the same order as the French ones. */
export const ARABIC_ROUTES: readonly ArabicRoutePath[] = PUBLIC_ROUTES.map(
  (route): ArabicRoutePath => `${ARABIC_PREFIX}${route}`,
);

/** Every path the build prerenders and the server answers with a page. */
export const PAGE_ROUTES: readonly string[] = [...ALL_ROUTES, ...ARABIC_ROUTES];

/** The language of a page, from its address alone (never from the browser's preferences). */
export function pathLanguage(path: string): Language {
  return path === ARABIC_PREFIX || path.startsWith(`${ARABIC_PREFIX}/`) ? 'ar' : 'fr';
}

/**
 * The language of a page in the browser, from its `lang` attribute (« ar », « ar-DZ »…), which
 * the build writes from the address: French unless Arabic. The contact form sends it with
 * each message.
 */
export function languageOfPage(lang: string): Language {
  return /^ar(?:-|$)/i.test(lang.trim()) ? 'ar' : 'fr';
}

/** A French path (/pageContact) in the given language (/ar/pageContact for Arabic). */
export function localizedPath(route: string, language: Language): string {
  return language === 'ar' ? `${ARABIC_PREFIX}${route}` : route;
}

/** The French path of a page of either language: /ar/pageContact → /pageContact. */
export function frenchPath(path: string): string {
  return pathLanguage(path) === 'ar' ? path.slice(ARABIC_PREFIX.length) || '/' : path;
}
