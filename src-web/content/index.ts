/**
 * What the owner's screens and the quotes read, in French (the owner's language): the agency's
 * facts (facts.ts), and from the French catalogue (fr.ts) only the parts they show, so that
 * they load neither the public pages' words nor the Arabic ones. The public pages take their
 * language's whole catalogue from catalogues.ts.
 */
import { agencyWords, plansWords } from './fr.ts';
import { agencyFromWords, plansFromWords } from './words.ts';

export * from './facts.ts';
export { pageMeta } from './fr.ts';

/** The agency as the French pages show it: name, contact details, address. */
export const agency = /* @__PURE__ */ agencyFromWords('fr', agencyWords);
/** The plans, their prices in DZD and their French words. */
export const plans = /* @__PURE__ */ plansFromWords(plansWords);
