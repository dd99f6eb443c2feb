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
