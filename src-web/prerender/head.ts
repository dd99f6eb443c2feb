import {
  DEFAULT_LANGUAGE,
  isPrivateRoute,
  LANGUAGES,
  localeOf,
  localizedPath,
  ROUTES,
  PUBLIC_ROUTES,
  type Language,
  type RoutePath,
} from '../../shared/domain/routes.ts';
import {
  SHARP_PHONE_MEDIA,
  WIDE_MEDIA,
  firstScreenPhoneSrcSet,
  imageSrcSet,
} from '../art/manifest.ts';
import { catalogueFor } from '../content/catalogues.ts';
import { AGENCY_FACTS, PLANS } from '../content/facts.ts';
import type { Catalogue } from '../content/types.ts';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** JSON-LD describing the agency as a local business, for search engines. */
export function localBusinessJsonLd(catalogue: Catalogue = catalogueFor(DEFAULT_LANGUAGE)): string {
  const { agency } = catalogue;
  const prices = PLANS.flatMap((plan) => (plan.priceDzd === null ? [] : [plan.priceDzd]));
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: agency.name,
    description: agency.tagline,
    url: agency.siteUrl,
    logo: `${agency.siteUrl}/logo.svg`,
    image: `${agency.siteUrl}/img/og-image.jpg`,
    telephone: agency.phone.e164,
    email: agency.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.address.street,
      addressLocality: agency.address.town,
      postalCode: agency.address.postalCode,
      addressRegion: agency.address.region,
      addressCountry: 'DZ',
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: agency.geo.latitude,
      longitude: agency.geo.longitude,
    },
    openingHours: 'Mo-Su 00:00-23:59',
    priceRange: `${Math.min(...prices)} – ${Math.max(...prices)} DZD`,
    currenciesAccepted: 'DZD',
    sameAs: agency.socials.map((social) => social.url),
  };
  // "<" is escaped so that no text can close the script element early.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The address of a public page in a language. */
function pageUrl(route: string, language: Language): string {
  return `${AGENCY_FACTS.siteUrl}${localizedPath(route, language)}`;
}

/**
 * A page's versions as hreflang and address: one per language of the locale table, and the
 * first language's for any other reader (x-default).
 */
function alternates(route: string): [hreflang: string, href: string][] {
  return [
    ...LANGUAGES.map((language): [string, string] => [
      localeOf(language).hreflang,
      pageUrl(route, language),
    ]),
    ['x-default', pageUrl(route, DEFAULT_LANGUAGE)],
  ];
}

/** The page's versions as hreflang links: every page of every language lists all of them. */
function alternateLinks(route: string): string[] {
  return alternates(route).map(
    ([hreflang, href]) => `<link rel="alternate" hreflang="${hreflang}" href="${href}">`,
  );
}

/**
 * The <head> tags of a route's prerendered page in a language: title, description, canonical
 * and hreflang links, Open Graph, JSON-LD.
 */
export function headFor(
  route: RoutePath | 'notFound',
  language: Language = DEFAULT_LANGUAGE,
): string {
  const catalogue = catalogueFor(language);
  const meta = catalogue.pageMeta[route];
  const title = escapeHtml(`${meta.title} | ${catalogue.agency.name}`);
  const description = escapeHtml(meta.description);
  const isPublic = route !== 'notFound' && (PUBLIC_ROUTES as readonly string[]).includes(route);
  const url = route === 'notFound' ? AGENCY_FACTS.siteUrl : pageUrl(route, language);
  const firstBanner = catalogue.banners[0];
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    ...(isPublic
      ? [`<link rel="canonical" href="${url}">`, ...alternateLinks(route)]
      : ['<meta name="robots" content="noindex">']),
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="${catalogue.ogLocale}">`,
    ...(isPublic
      ? LANGUAGES.filter((other) => other !== language).map(
          (other) => `<meta property="og:locale:alternate" content="${localeOf(other).ogLocale}">`,
        )
      : []),
    `<meta property="og:site_name" content="${escapeHtml(catalogue.agency.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${AGENCY_FACTS.siteUrl}/img/og-image.jpg">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  if (route !== 'notFound' && !isPrivateRoute(route) && firstBanner) {
    // The first banner is the largest paint of every public page: a wider screen, and a sharp
    // phone, fetch it with the HTML, the picture its <picture> chooses (components/picture.tsx);
    // other phones find their cut inside the page. A browser without AVIF skips these and
    // finds the WebP in the page.
    const { name } = firstBanner.image;
    tags.push(
      `<link rel="preload" as="image" type="image/avif" media="${SHARP_PHONE_MEDIA}" imagesrcset="${firstScreenPhoneSrcSet(name, 'sharp')}" imagesizes="100vw" fetchpriority="high">`,
      `<link rel="preload" as="image" type="image/avif" media="${WIDE_MEDIA}" imagesrcset="${imageSrcSet(name, 'avif')}" imagesizes="100vw" fetchpriority="high">`,
    );
  }
  if (isPublic) {
    tags.push(`<script type="application/ld+json">${localBusinessJsonLd(catalogue)}</script>`);
  }
  return tags.join('\n    ');
}

/** robots.txt and sitemap.xml of the public routes. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: ${ROUTES.login}\nDisallow: ${ROUTES.dashboard}\nDisallow: ${ROUTES.firstPassword}\nDisallow: /api/\n\nSitemap: ${AGENCY_FACTS.siteUrl}/sitemap.xml\n`;
}

/** Every public page in every language, each listing its versions as the pages do. */
export function sitemapXml(lastModified: string): string {
  const urls = LANGUAGES.flatMap((language) =>
    PUBLIC_ROUTES.map((route) => {
      const links = alternates(route)
        .map(
          ([hreflang, href]) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`,
        )
        .join('');
      return `  <url><loc>${pageUrl(route, language)}</loc><lastmod>${lastModified}</lastmod><priority>${route === ROUTES.home ? '1.0' : '0.8'}</priority>${links}</url>`;
    }),
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}
