/**
 * What a language's catalogue writes (CatalogueWords): the words only, each matched to a fact
 * of facts.ts by its id, its network or its path; and how the words and the facts make the
 * catalogue the pages read (catalogueFromWords). A language's module (fr.ts, ar.ts) is one
 * CatalogueWords: the compiler asks it for the words of every fact, and refuses words for a
 * fact that facts.ts does not have.
 */
import { AGENCY_NAMES } from '../../shared/content/agency.ts';
import {
  localeOf,
  PUBLIC_ROUTES,
  type Language,
  type PublicRoutePath,
} from '../../shared/domain/routes.ts';
import {
  AGENCY_FACTS,
  BANNER_IMAGES,
  COUNTERS,
  FOUNDERS,
  PLANS,
  PORTFOLIO,
  PRIVACY,
  REASONS,
  SERVICES,
  TRAINING_OFFERS,
  WORK_TEAM,
} from './facts.ts';
import type {
  Agency,
  Catalogue,
  Counter,
  Founder,
  PageMetaTable,
  Plan,
  PortfolioProject,
  PrivacySection,
  Reason,
  Service,
  TeamMember,
  TrainingOffer,
  UiText,
} from './types.ts';

/** The words of each fact of a list, by the fact's id. */
type WordsById<Facts extends readonly { id: string }[], Words> = Readonly<
  Record<Facts[number]['id'], Words>
>;

type Network = (typeof AGENCY_FACTS.socials)[number]['network'];

/** A founder's words: the links' labels by network, for the networks this founder is on. */
type FounderWords<F extends (typeof FOUNDERS)[number]> = Pick<Founder, 'role' | 'bio'> & {
  /** The portrait's alternative text. */
  alt: string;
  links: Readonly<Record<F['links'][number]['network'], string>>;
};

/** Everything a language writes for the public pages. */
export interface CatalogueWords {
  agency: Pick<Agency, 'tagline' | 'about' | 'openingHours'> & {
    /** The address in this language's words; the postal code is a fact. */
    address: Omit<Agency['address'], 'postalCode'>;
    /** The accessible label of the link to each network. */
    socials: Readonly<Record<Network, string>>;
  };
  /** Each public page's name in the navigation and the footer (PUBLIC_ROUTES, their order). */
  navItems: Readonly<Record<PublicRoutePath, string>>;
  /** Each carousel picture's alternative text, title and sentence. */
  banners: Readonly<
    Record<(typeof BANNER_IMAGES)[number], { alt: string; title: string; text: string }>
  >;
  counters: WordsById<typeof COUNTERS, Pick<Counter, 'label' | 'sentence'>>;
  reasons: WordsById<typeof REASONS, Pick<Reason, 'title' | 'text'>>;
  services: WordsById<typeof SERVICES, Pick<Service, 'title' | 'text'>>;
  callUs: Catalogue['callUs'];
  training: {
    title: string;
    intro: string;
    offers: WordsById<typeof TRAINING_OFFERS, Pick<TrainingOffer, 'title' | 'text' | 'points'>>;
  };
  plans: WordsById<typeof PLANS, Pick<Plan, 'title' | 'summary' | 'priceUnit' | 'features'>>;
  pricing: Catalogue['pricing'];
  servicesBox: Catalogue['servicesBox'];
  portfolio: WordsById<
    typeof PORTFOLIO,
    Pick<PortfolioProject, 'title' | 'client' | 'category'> & { alt: string }
  >;
  founders: { readonly [F in (typeof FOUNDERS)[number] as F['id']]: FounderWords<F> };
  workTeam: WordsById<typeof WORK_TEAM, Pick<TeamMember, 'role' | 'studyLevel'>>;
  contactSection: Catalogue['contactSection'];
  privacy: {
    intro: string;
    sections: WordsById<
      typeof PRIVACY.sections,
      Pick<PrivacySection, 'title' | 'paragraphs' | 'list'>
    >;
  };
  pageMeta: PageMetaTable;
  ui: UiText;
}

/** The words of `id`, which the compiler has made sure are written. */
function wordsOf<W>(words: Readonly<Record<string, W>>, id: string): W {
  const found = words[id];
  if (found === undefined) throw new Error(`Catalogue : aucun texte pour « ${id} ».`);
  return found;
}

/** The agency as the pages of `language` show it: its words with its facts. */
export function agencyFromWords(language: Language, words: CatalogueWords['agency']): Agency {
  const name = AGENCY_NAMES[language];
  const { address } = words;
  return {
    name,
    tagline: words.tagline,
    about: words.about,
    phone: AGENCY_FACTS.phone,
    email: AGENCY_FACTS.email,
    address: {
      street: address.street,
      town: address.town,
      postalCode: AGENCY_FACTS.postalCode,
      region: address.region,
      country: address.country,
      display: address.display,
    },
    geo: AGENCY_FACTS.geo,
    mapEmbedUrl: AGENCY_FACTS.mapEmbedUrl,
    mapLinkUrl: AGENCY_FACTS.mapLinkUrl,
    openingHours: words.openingHours,
    socials: AGENCY_FACTS.socials.map(({ network, url }) => ({
      network,
      label: words.socials[network],
      url,
    })),
    siteUrl: AGENCY_FACTS.siteUrl,
    copyright: name,
  };
}

/** The plans, their prices and their words. */
export function plansFromWords(words: CatalogueWords['plans']): Plan[] {
  return PLANS.map((plan) => {
    const { title, summary, priceUnit, features } = wordsOf(words, plan.id);
    return {
      id: plan.id,
      title,
      summary,
      priceDzd: plan.priceDzd,
      priceUnit,
      features,
      contactService: plan.contactService,
      ...('featured' in plan ? { featured: plan.featured } : {}),
    };
  });
}

/** What the pages of `language` show: its words with the agency's facts. */
export function catalogueFromWords(language: Language, words: CatalogueWords): Catalogue {
  const locale = localeOf(language);
  return {
    language,
    locale: locale.intl,
    ogLocale: locale.ogLocale,
    agency: agencyFromWords(language, words.agency),
    navItems: PUBLIC_ROUTES.map((path) => ({ path, label: words.navItems[path] })),
    banners: BANNER_IMAGES.map((image) => {
      const { alt, title, text } = words.banners[image];
      return { image: { name: image, alt }, title, text };
    }),
    counters: COUNTERS.map(({ id, value, icon }) => {
      const { label, sentence } = wordsOf(words.counters, id);
      return { label, value, icon, sentence };
    }),
    reasons: REASONS.map(({ id, icon }) => ({ ...wordsOf(words.reasons, id), icon })),
    services: SERVICES.map(({ id, icon, contactService }) => ({
      id,
      ...wordsOf(words.services, id),
      icon,
      contactService,
    })),
    callUs: words.callUs,
    training: {
      title: words.training.title,
      intro: words.training.intro,
      offers: TRAINING_OFFERS.map(({ id, icon }) => {
        const { title, text, points } = wordsOf(words.training.offers, id);
        return { title, text, icon, points };
      }),
    },
    plans: plansFromWords(words.plans),
    pricing: words.pricing,
    servicesBox: words.servicesBox,
    portfolio: PORTFOLIO.map(({ id, date, url, image }) => {
      const { title, client, category, alt } = wordsOf(words.portfolio, id);
      return { id, title, client, category, date, url, image: { name: image, alt } };
    }),
    founders: FOUNDERS.map(({ id, photo, links }) => {
      const founder: Pick<Founder, 'role' | 'bio'> & {
        alt: string;
        links: Readonly<Record<string, string>>;
      } = wordsOf(words.founders, id);
      const labels = founder.links;
      return {
        role: founder.role,
        bio: founder.bio,
        photo: { name: photo, alt: founder.alt },
        links: links.map(({ network, url }) => ({
          network,
          label: wordsOf(labels, network),
          url,
        })),
      };
    }),
    workTeam: WORK_TEAM.map(({ id, icon }) => ({ ...wordsOf(words.workTeam, id), icon })),
    contactSection: words.contactSection,
    privacy: {
      intro: words.privacy.intro,
      sections: PRIVACY.sections.map((section) => {
        const { title, paragraphs, list } = wordsOf(words.privacy.sections, section.id);
        return {
          id: section.id,
          title,
          paragraphs,
          ...(list ? { list } : {}),
          ...('email' in section ? { email: section.email } : {}),
        };
      }),
      updated: PRIVACY.updated,
    },
    pageMeta: words.pageMeta,
    ui: words.ui,
  };
}
