/**
 * The product's fixed timings and thresholds (docs/architecture.md). Agency figures live in
 * src-web/content.
 */

/** The navigation bar turns sticky, with a shadow, once the page is scrolled past this. */
export const STICKY_NAV_THRESHOLD_PX = 45;

/** The count-up's own defaults: the home counters pass their own duration. */
export const COUNT_UP_DEFAULT_DURATION_MS = 2000;
export const COUNT_UP_STEP_MS = 10;

/** The home page counters count up over this duration. */
export const HOME_COUNTERS_DURATION_MS = 3000;

/** The "Login Successful!" popup closes itself after this long, then the dashboard opens. */
export const LOGIN_SUCCESS_POPUP_MS = 700;

/** How many portfolio projects the home page shows (the portfolio page shows them all). */
export const HOME_PORTFOLIO_COUNT = 3;

/**
 * One test e-mail per this long: the button checks the settings, and a script (or thirty
 * clicks in parallel) must not make the server a mail cannon against the owner's address. The
 * server refuses sooner ones; the dashboard's button waits as long after each.
 */
export const TEST_EMAIL_INTERVAL_MS = 10_000;
