/** The console's own screen; the others are src-web's login and dashboard (shared/domain/routes). */
export const DESKTOP_ROUTES = {
  settings: '/pageReglages',
} as const;
