import type { ContactService } from '../../shared/domain/contact.ts';
import type { PublicRoutePath, RoutePath } from '../../shared/domain/routes.ts';
import type { ImageName } from '../art/manifest.ts';
import type { IconName } from '../components/icon-names.ts';

/** A picture produced by scripts/images.ts from src-web/art/<name>.svg. */
export interface ImageRef {
  name: ImageName;
  /** French alternative text describing the picture. */
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
  /** ISO date, YYYY-MM-DD; shown in French. */
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
