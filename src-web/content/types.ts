import type { ContactService } from '../../shared/domain/contact.ts';
import type { Language, PublicRoutePath, RoutePath } from '../../shared/domain/routes.ts';
import type { ImageName } from '../art/manifest.ts';
import type { IconName } from '../components/icon-names.ts';

/** A picture produced by scripts/images.ts from src-web/art/<name>.svg. */
export interface ImageRef {
  name: ImageName;
  /** Alternative text describing the picture, in the page's language. */
  alt: string;
}

export type SocialNetwork =
  'facebook' | 'instagram' | 'linkedin' | 'tiktok' | 'youtube' | 'github' | 'behance' | 'website';

export interface SocialLink {
  network: SocialNetwork;
  /** Accessible label, e.g. « Facebook de l’agence ». */
  label: string;
  url: string;
}

export interface Agency {
  name: string;
  /** One-line promise shown under the name. */
  tagline: string;
  /** About text of the footer. */
  about: string;
  phone: { display: string; /** E.164, for tel: links */ e164: string };
  email: string;
  address: {
    street: string;
    town: string;
    postalCode: string;
    region: string;
    country: string;
    /** The address on one line, as displayed. */
    display: string;
  };
  geo: { latitude: number; longitude: number };
  /** Embedded map frame address (contact page). */
  mapEmbedUrl: string;
  /** Link to the same place on the maps service, for those who cannot load the frame. */
  mapLinkUrl: string;
  openingHours: string;
  /** The four networks of the top bar and the footer. */
  socials: readonly SocialLink[];
  /** Public address of the site, used for canonical links, the sitemap and Open Graph. */
  siteUrl: string;
  /** Copyright holder and year shown in the footer. */
  copyright: string;
}

export interface Counter {
  label: string;
  value: number;
  icon: IconName;
  /** The count in a sentence, for screen readers: « 394 clients satisfaits ». */
  sentence: PluralForms;
}

export interface Reason {
  title: string;
  text: string;
  icon: IconName;
}

export interface Service {
  id: string;
  title: string;
  text: string;
  icon: IconName;
  /** The service pre-selected in the contact form when ordering this one. */
  contactService: ContactService;
}

export interface TrainingOffer {
  title: string;
  text: string;
  icon: IconName;
  points: readonly string[];
}

export interface Plan {
  id: string;
  title: string;
  /** A short line under the title. */
  summary: string;
  /** "From" price in DZD; null when the client chooses the budget (shown as ?????). */
  priceDzd: number | null;
  /** What the price is for, e.g. « le site », « par mois ». */
  priceUnit: string;
  features: readonly string[];
  contactService: ContactService;
  /** Highlighted card. */
  featured?: boolean;
}

export interface PortfolioProject {
  id: string;
  title: string;
  client: string;
  category: string;
  /** ISO date, YYYY-MM-DD; shown in the page's language. */
  date: string;
  url: string;
  image: ImageRef;
}

export interface Founder {
  role: string;
  /** One sentence on what this founder does for clients. */
  bio: string;
  photo: ImageRef;
  links: readonly SocialLink[];
}

export interface TeamMember {
  role: string;
  studyLevel: string;
  icon: IconName;
}

export interface PrivacySection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** An address to write to, shown once as a link after the paragraphs. */
  email?: string;
}

export interface PageMeta {
  /** Document title, without the agency name (added by the layout). */
  title: string;
  description: string;
  /** Main heading of the page. */
  heading: string;
  /** The sentence under the heading, where the page has one (never the description again). */
  intro?: string;
}

export interface Banner {
  image: ImageRef;
  title: string;
  text: string;
}

export interface NavItem {
  path: PublicRoutePath;
  label: string;
}

export type PageMetaTable = Record<RoutePath | 'notFound', PageMeta>;

/**
 * A count said in a sentence, one wording per plural category of the language
 * (Intl.PluralRules): French needs `one` and `other`, Arabic all six. `{n}` is the number.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The words of the public pages that are not agency content: controls, headings, labels. */
export interface UiText {
  skipLink: string;
  carousel: {
    label: string;
    roleDescription: string;
    slideRoleDescription: string;
    /** « 1 sur 6 : title » */
    slideLabel: (position: number, count: number, title: string) => string;
    previous: string;
    next: string;
    pause: string;
    resume: string;
  };
  nav: {
    label: string;
    menu: string;
    quote: string;
    /** The subject « Devis gratuit » fills in on the contact form, which the visitor may change. */
    quoteSubject: string;
    languageSwitch: string;
  };
  footer: {
    adminSpace: string;
    contactTitle: string;
    socialsLabel: string;
    quickLinks: string;
    rights: string;
  };
  counters: { label: string };
  home: {
    servicesKicker: string;
    servicesTitle: string;
    teamKicker: string;
    foundersTitle: string;
    portfolioKicker: string;
    portfolioTitle: string;
    portfolioAll: string;
  };
  reasons: { kicker: string; title: string };
  servicesGrid: { order: string; orderLabel: (title: string) => string };
  training: { kicker: string; contact: string };
  founders: { badge: string; linksLabel: (role: string) => string };
  projects: { client: string; open: string; newTab: string; developmentBadge: string };
  servicesPage: {
    /** Above the page's heading and its first plan. */
    offersKicker: string;
    /** Above the services grid. */
    kicker: string;
    servicesTitle: string;
    /** Under the « ????? » of the plan whose budget the client chooses, and in its order’s subject. */
    budgetToDefine: string;
    featured: string;
    from: string;
    order: string;
    orderLabel: (title: string) => string;
    custom: string;
  };
  portfolioPage: { kicker: string };
  teamPage: {
    kicker: string;
    foundersTitle: string;
    workKicker: string;
    workTitle: string;
    studyLevel: string;
  };
  contactPage: {
    kicker: string;
    phone: string;
    email: string;
    address: string;
    write: string;
    find: string;
  };
  privacyPage: { kicker: string; updated: string };
  noScriptForm: { before: string; or: string; after: string };
  map: { titlePrefix: string; note: string; show: string; open: string };
  /** The WhatsApp button of every page and of each price card (docs/inbox.md). */
  whatsapp: {
    /** Its visible words. */
    label: string;
    /** Its name for screen readers (it opens WhatsApp, outside the site). */
    name: string;
    /** The price card's link, and its name naming the plan. */
    planLabel: string;
    planName: (title: string) => string;
    /** The message it prefills: naming the page, or the plan and its price, or the site alone. */
    pageText: (page: string) => string;
    planText: (title: string, price: string) => string;
    siteText: string;
  };
}

/**
 * Everything a public page says, in one language: the language's words (fr.ts, ar.ts) with the
 * agency's facts (facts.ts), put together by catalogueFromWords (words.ts).
 */
export interface Catalogue {
  /** The language of the pages it fills; it and the two below come from the locale table. */
  language: Language;
  /** BCP 47 tag for Intl: numbers, prices and dates. */
  locale: string;
  /** Open Graph's locale, e.g. fr_DZ. */
  ogLocale: string;
  agency: Agency;
  navItems: readonly NavItem[];
  banners: readonly Banner[];
  counters: readonly Counter[];
  reasons: readonly Reason[];
  services: readonly Service[];
  callUs: { title: string; text: string };
  training: { title: string; intro: string; offers: readonly TrainingOffer[] };
  plans: readonly Plan[];
  pricing: { kicker: string; title: string; text: string };
  servicesBox: { title: string; text: string };
  portfolio: readonly PortfolioProject[];
  founders: readonly Founder[];
  workTeam: readonly TeamMember[];
  contactSection: { title: string; supportNote: string; intro: string };
  privacy: { intro: string; sections: readonly PrivacySection[]; updated: string };
  pageMeta: PageMetaTable;
  ui: UiText;
}
