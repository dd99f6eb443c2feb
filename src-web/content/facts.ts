/**
 * The agency's facts, in no language: how to reach it, where it is, its prices in DZD, its
 * legal details, its networks, the services it sells, the projects of its portfolio, its team,
 * and which picture or icon goes with each. An agency that takes over the site writes its own
 * details here, in this one place; its name in each language and its logo for the e-mails are
 * in shared/content/agency.ts, which the servers read too.
 *
 * Each language's catalogue (fr.ts, ar.ts) gives only the words that go with these facts,
 * matched by id, and catalogue.ts puts the two together into what the pages show: the compiler
 * asks each catalogue for the words of every fact here, and refuses words for a fact that is
 * not.
 */
import type { ImageName } from '../art/manifest.ts';
import type { IconName } from '../components/icon-names.ts';
import type { ContactService } from '../../shared/domain/contact.ts';
import type { SocialNetwork } from './types.ts';
import { AGENCY_WHATSAPP_E164 } from '../../shared/content/agency.ts';

// Centre of Tlemcen; the map frame shows a small box around it.
const LATITUDE = 34.8828;
const LONGITUDE = -1.3161;
const BBOX = [LONGITUDE - 0.01, LATITUDE - 0.006, LONGITUDE + 0.01, LATITUDE + 0.006]
  .map((n) => n.toFixed(4))
  .join('%2C');

/** How to reach the agency and where it is: what its words (the street, the town) go with. */
export const AGENCY_FACTS = {
  phone: { display: '0550 12 34 56', e164: '+213550123456' },
  /**
   * The WhatsApp number the public pages' button opens a chat with: written in
   * shared/content/agency.ts, since the redirect that counts each tap runs on both backends.
   */
  whatsappE164: AGENCY_WHATSAPP_E164,
  email: 'contact@horizon-numerique.dz',
  postalCode: '13000',
  geo: { latitude: LATITUDE, longitude: LONGITUDE },
  /** Embedded map frame address (contact page). */
  mapEmbedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik&marker=${LATITUDE}%2C${LONGITUDE}`,
  /** Link to the same place on the maps service, for those who cannot load the frame. */
  mapLinkUrl: `https://www.openstreetmap.org/?mlat=${LATITUDE}&mlon=${LONGITUDE}#map=17/${LATITUDE}/${LONGITUDE}`,
  /** The four networks of the top bar and the footer, in their order. */
  socials: [
    { network: 'facebook', url: 'https://www.facebook.com/horizonnumerique.dz' },
    { network: 'instagram', url: 'https://www.instagram.com/horizonnumerique.dz' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/horizon-numerique-dz' },
    { network: 'tiktok', url: 'https://www.tiktok.com/@horizonnumerique.dz' },
  ],
  /** Public address of the site, used for canonical links, the sitemap and Open Graph. */
  siteUrl: 'https://horizon-numerique.dz',
} as const satisfies {
  socials: readonly { network: SocialNetwork; url: string }[];
  [key: string]: unknown;
};

/**
 * The agency's legal details, as its quotes show them (docs/quotes.md): written in
 * shared/content/seller.ts, beside its name, since both backends freeze them into every quote
 * they send and neither imports src-web.
 */
export { sellerLegalDetails } from '../../shared/content/seller.ts';

/** The carousel's six pictures, in their order (src-web/art/<name>.svg). */
export const BANNER_IMAGES = [
  'banner-1',
  'banner-2',
  'banner-3',
  'banner-4',
  'banner-5',
  'banner-6',
] as const satisfies readonly ImageName[];

/** The home page's three figures. */
export const COUNTERS = [
  { id: 'clients', value: 394, icon: 'emoji-smile' },
  { id: 'projects', value: 358, icon: 'folder-check' },
  { id: 'certifications', value: 42, icon: 'award' },
] as const satisfies readonly { id: string; value: number; icon: IconName }[];

/** The six reasons to choose the agency. */
export const REASONS = [
  { id: 'best', icon: 'trophy' },
  { id: 'skills', icon: 'cpu' },
  { id: 'team', icon: 'people' },
  { id: 'fields', icon: 'grid-3x3-gap' },
  { id: 'advice', icon: 'signpost-2' },
  { id: 'support', icon: 'headset' },
] as const satisfies readonly { id: string; icon: IconName }[];

/** The eleven services, each ordered through one of the contact form's services. */
export const SERVICES = [
  { id: 'developpement-web', icon: 'code-slash', contactService: 'Développement' },
  { id: 'applications-mobiles', icon: 'phone', contactService: 'Développement' },
  { id: 'cybersecurite', icon: 'shield-lock', contactService: 'Développement' },
  { id: 'logo-identite', icon: 'palette', contactService: 'Design' },
  { id: 'panneaux-publicitaires', icon: 'easel', contactService: 'Design' },
  { id: 'cartes-de-visite', icon: 'card-heading', contactService: 'Design' },
  { id: 'reseaux-sociaux', icon: 'share', contactService: 'Gestion des comptes' },
  { id: 'gestion-campagnes', icon: 'bullseye', contactService: 'Gestion des comptes' },
  { id: 'creation-contenu', icon: 'pencil-square', contactService: 'Audiovisuel' },
  { id: 'montage-video', icon: 'film', contactService: 'Audiovisuel' },
  { id: 'videos-publicitaires', icon: 'camera-reels', contactService: 'Audiovisuel' },
] as const satisfies readonly { id: string; icon: IconName; contactService: ContactService }[];

/** The three kinds of training. */
export const TRAINING_OFFERS = [
  { id: 'presentiel', icon: 'people' },
  { id: 'international', icon: 'airplane' },
  { id: 'distance', icon: 'laptop' },
] as const satisfies readonly { id: string; icon: IconName }[];

/** The nine plans and their starting prices in DZD (null: the client chooses the budget). */
export const PLANS = [
  { id: 'site-statique', priceDzd: 28000, contactService: 'Développement' },
  { id: 'site-dynamique', priceDzd: 32000, contactService: 'Développement', featured: true },
  { id: 'application-mobile', priceDzd: 48000, contactService: 'Développement' },
  { id: 'publicite-sponsorisee', priceDzd: null, contactService: 'Gestion des comptes' },
  { id: 'suivi-de-page', priceDzd: 28000, contactService: 'Gestion des comptes' },
  { id: 'suivi-et-creation', priceDzd: 32000, contactService: 'Gestion des comptes' },
  { id: 'shooting-photo', priceDzd: 12000, contactService: 'Audiovisuel' },
  { id: 'video-publicitaire', priceDzd: 18000, contactService: 'Audiovisuel' },
  { id: 'video-motion-design', priceDzd: 28000, contactService: 'Audiovisuel' },
] as const satisfies readonly {
  id: string;
  priceDzd: number | null;
  contactService: ContactService;
  featured?: boolean;
}[];

/** The projects of the portfolio, newest first: when, where it lives, its picture. */
export const PORTFOLIO = [
  {
    id: 'boulangerie-epis-dor',
    date: '2024-11-18',
    url: 'https://lesepisdor.dz',
    image: 'project-1',
  },
  {
    id: 'clinique-les-oliviers',
    date: '2024-10-22',
    url: 'https://clinique-lesoliviers.dz',
    image: 'project-2',
  },
  {
    id: 'auto-location-tlemcen',
    date: '2024-09-26',
    url: 'https://autolocation-tlemcen.dz',
    image: 'project-3',
  },
  {
    id: 'immobilier-les-remparts',
    date: '2024-08-29',
    url: 'https://immo-lesremparts.dz',
    image: 'project-4',
  },
  {
    id: 'ecole-les-jasmins',
    date: '2024-07-15',
    url: 'https://ecole-lesjasmins.dz',
    image: 'project-5',
  },
  {
    id: 'restaurant-terrasse-mansourah',
    date: '2024-06-20',
    url: 'https://laterrasse-mansourah.dz',
    image: 'project-6',
  },
  {
    id: 'hotel-les-cascades',
    date: '2024-05-23',
    url: 'https://hotel-lescascades.dz',
    image: 'project-7',
  },
  { id: 'medina-mode', date: '2024-04-25', url: 'https://medinamode.dz', image: 'project-8' },
  {
    id: 'transports-express-ouest',
    date: '2024-04-08',
    url: 'https://transports-expressouest.dz',
    image: 'project-9',
  },
  {
    id: 'tlemcen-solidarite',
    date: '2024-03-14',
    url: 'https://tlemcen-solidarite.dz',
    image: 'project-10',
  },
] as const satisfies readonly { id: string; date: string; url: string; image: ImageName }[];

/** The three founders: their portrait and their pages, one per network. */
export const FOUNDERS = [
  {
    id: 'fullstack',
    photo: 'founder-1',
    links: [
      { network: 'github', url: 'https://github.com/horizon-numerique-fullstack' },
      { network: 'linkedin', url: 'https://www.linkedin.com/in/horizon-numerique-fullstack' },
    ],
  },
  {
    id: 'engineer',
    photo: 'founder-2',
    links: [
      { network: 'github', url: 'https://github.com/horizon-numerique-ingenieur' },
      { network: 'linkedin', url: 'https://www.linkedin.com/in/horizon-numerique-ingenieur' },
      { network: 'website', url: 'https://ingenieur.horizon-numerique.dz' },
    ],
  },
  {
    id: 'studio',
    photo: 'founder-3',
    links: [
      { network: 'behance', url: 'https://www.behance.net/horizon-numerique-studio' },
      { network: 'instagram', url: 'https://www.instagram.com/horizonnumerique.studio' },
      { network: 'linkedin', url: 'https://www.linkedin.com/in/horizon-numerique-studio' },
    ],
  },
] as const satisfies readonly {
  id: string;
  photo: ImageName;
  links: readonly { network: SocialNetwork; url: string }[];
}[];

/** The twelve roles of the work team, in their order, each with its icon. */
export const WORK_TEAM = [
  { id: 'front-end', icon: 'code-slash' },
  { id: 'back-end', icon: 'cpu' },
  { id: 'mobile', icon: 'phone' },
  { id: 'ui-ux', icon: 'laptop' },
  { id: 'graphic-design', icon: 'palette' },
  { id: 'security', icon: 'shield-lock' },
  { id: 'community', icon: 'share' },
  { id: 'campaigns', icon: 'bullseye' },
  { id: 'writer', icon: 'pencil-square' },
  { id: 'video', icon: 'camera-reels' },
  { id: 'editing', icon: 'film' },
  { id: 'project-lead', icon: 'briefcase' },
] as const satisfies readonly { id: string; icon: IconName }[];

/** The privacy policy's sections, in their order, and the day it last changed. */
export const PRIVACY = {
  sections: [
    { id: 'introduction' },
    { id: 'utilisation' },
    { id: 'partage' },
    { id: 'protection' },
    { id: 'droits' },
    { id: 'modifications' },
    // The address to write to, shown once as a link after the section's paragraphs.
    { id: 'contact', email: AGENCY_FACTS.email },
  ],
  updated: '2026-01-15',
} as const satisfies {
  sections: readonly { id: string; email?: string }[];
  updated: string;
};
