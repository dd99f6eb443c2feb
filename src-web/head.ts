import { isPrivateRoute, ROUTES, PUBLIC_ROUTES, type RoutePath } from '../shared/domain/routes.ts';
import { PHONE_MEDIA, WIDE_MEDIA, imageSrcSet } from './art/manifest.ts';
import { agency, banners, pageMeta, plans } from './content/index.ts';
import { documentTitle } from './hooks/use-page-meta.ts';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** JSON-LD describing the agency as a local business, for search engines. */
export function localBusinessJsonLd(): string {
  const prices = plans.flatMap((plan) => (plan.priceDzd === null ? [] : [plan.priceDzd]));
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

/** The <head> tags of a route's prerendered page: title, description, Open Graph, JSON-LD. */
export function headFor(route: RoutePath | 'notFound'): string {
  const meta = pageMeta[route];
  const title = escapeHtml(documentTitle(meta.title));
  const description = escapeHtml(meta.description);
  const isPublic = route !== 'notFound' && (PUBLIC_ROUTES as readonly string[]).includes(route);
  const url = route === 'notFound' ? agency.siteUrl : `${agency.siteUrl}${route}`;
  const firstBanner = banners[0];
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    isPublic ? `<link rel="canonical" href="${url}">` : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="fr_DZ">`,
    `<meta property="og:site_name" content="${escapeHtml(agency.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${agency.siteUrl}/img/og-image.jpg">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  if (route !== 'notFound' && !isPrivateRoute(route) && firstBanner) {
    // The first banner is the largest paint of every public page: fetch it with the HTML, the
    // picture its <picture> chooses (components/picture.tsx). A browser without AVIF skips
    // these and finds the WebP in the page.
    const { name } = firstBanner.image;
    tags.push(
      `<link rel="preload" as="image" type="image/avif" media="${PHONE_MEDIA}" imagesrcset="${imageSrcSet(name, 'avif', 'phone')}" imagesizes="100vw" fetchpriority="high">`,
      `<link rel="preload" as="image" type="image/avif" media="${WIDE_MEDIA}" imagesrcset="${imageSrcSet(name, 'avif')}" imagesizes="100vw" fetchpriority="high">`,
    );
  }
  if (isPublic) {
    tags.push(`<script type="application/ld+json">${localBusinessJsonLd()}</script>`);
  }
  return tags.join('\n    ');
}

/** robots.txt and sitemap.xml of the public routes. */
export function robotsTxt(): string {
  return `User-agent: *\nAllow: /\nDisallow: ${ROUTES.login}\nDisallow: ${ROUTES.dashboard}\nDisallow: ${ROUTES.firstPassword}\nDisallow: /api/\n\nSitemap: ${agency.siteUrl}/sitemap.xml\n`;
}

export function sitemapXml(lastModified: string): string {
  const urls = PUBLIC_ROUTES.map(
    (route) =>
      `  <url><loc>${agency.siteUrl}${route}</loc><lastmod>${lastModified}</lastmod><priority>${route === ROUTES.home ? '1.0' : '0.8'}</priority></url>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
