import { describe, it, expect } from 'vitest';
import * as facts from '../../src-web/content/facts.ts';
import { sellerLegalDetails } from '../../src-web/content/facts.ts';
import { fr, frenchWords } from '../../src-web/content/fr.ts';
import { arabicWords } from '../../src-web/content/ar.ts';
import { CONTACT_SERVICES } from '../../shared/domain/contact.ts';
import { sellerLegalDetailsSchema } from '../../shared/domain/quotes/seller.ts';
import { formatPriceDzd } from '../../src-web/content/format.ts';
import { ALL_ROUTES } from '../../shared/domain/routes.ts';

/*
 * The agency's details are meant to be edited (README: « Changer les informations de
 * l’agence »). These tests hold the figures the original site fixes (the counters, the nine
 * prices, the number of cards, the portfolio's dates) and the structure of the rest, not its
 * wording.
 */

/** Every string reachable from a value, with the path that leads to it. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
  }
  return [];
}

const {
  agency,
  banners,
  counters,
  founders,
  navItems,
  pageMeta,
  plans,
  portfolio,
  privacy,
  reasons,
  services,
  training,
  workTeam,
} = fr;

describe('site content', () => {
  it('has six carousel banners, one per banner image', () => {
    expect(banners).toHaveLength(6);
    expect(banners.map((b) => b.image.name)).toEqual([
      'banner-1',
      'banner-2',
      'banner-3',
      'banner-4',
      'banner-5',
      'banner-6',
    ]);
  });

  it('lists the six public pages in the specification’s order', () => {
    expect(navItems.map((item) => item.path)).toEqual([
      '/pageAccueil',
      '/pageServices',
      '/pagePortfolio',
      '/pageEquipe',
      '/pageContact',
      '/pagePolitique',
    ]);
  });

  it('counts 394 clients, 358 projects and 42 certifications, each with a label', () => {
    expect(counters.map((c) => c.value)).toEqual([394, 358, 42]);
    for (const counter of counters) expect(counter.label.trim()).not.toBe('');
  });

  it('gives six reasons, ending with the 24/7 support', () => {
    expect(reasons).toHaveLength(6);
    for (const reason of reasons) {
      expect(reason.title.trim()).not.toBe('');
      expect(reason.text.trim()).not.toBe('');
    }
    expect(reasons[5]?.title).toMatch(/24\s?h\/24/u);
  });

  it('offers eleven services, each ordered through one of the contact services', () => {
    expect(services).toHaveLength(11);
    expect(new Set(services.map((s) => s.id)).size).toBe(11);
    expect(new Set(services.map((s) => s.title)).size).toBe(11);
    for (const service of services) expect(CONTACT_SERVICES).toContain(service.contactService);
  });

  it('has three training offers, each with a few points', () => {
    expect(training.offers).toHaveLength(3);
    for (const offer of training.offers) {
      expect(offer.title.trim()).not.toBe('');
      expect(offer.points.length).toBeGreaterThanOrEqual(2);
      expect(offer.points.length).toBeLessThanOrEqual(4);
    }
  });

  it('has nine plans with the original site’s starting prices in DZD, in order', () => {
    expect(plans.map((p) => p.priceDzd)).toEqual([
      28000,
      32000,
      48000,
      null,
      28000,
      32000,
      12000,
      18000,
      28000,
    ]);
    // Shown as « 28 000 DZD », and the budget the client chooses as « ????? ».
    expect(plans.map((p) => formatPriceDzd(p.priceDzd))).toContain('?????');
    for (const plan of plans) {
      expect(formatPriceDzd(plan.priceDzd)).toMatch(/^(\d{1,3}(\s\d{3})*\u00a0DZD|\?{5})$/u);
    }
    expect(plans[0]?.summary).toMatch(/HTML\/CSS/u);
    expect(plans[0]?.summary).toMatch(/WordPress/u);
    expect(plans.filter((p) => p.featured)).toHaveLength(1);
    for (const plan of plans) {
      expect(plan.title.trim()).not.toBe('');
      expect(plan.features.length).toBeGreaterThanOrEqual(4);
      expect(plan.features.length).toBeLessThanOrEqual(6);
      expect(CONTACT_SERVICES).toContain(plan.contactService);
    }
  });

  it('shows ten portfolio projects dated from March to November 2024, newest first', () => {
    expect(portfolio).toHaveLength(10);
    expect(portfolio.map((p) => p.image.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `project-${i + 1}`),
    );
    const dates = portfolio.map((p) => p.date);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
      expect(Number.isNaN(Date.parse(date))).toBe(false);
      expect(date >= '2024-03-01' && date <= '2024-11-30').toBe(true);
    }
    expect(dates.some((d) => d.startsWith('2024-03'))).toBe(true);
    expect(dates.some((d) => d.startsWith('2024-11'))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const project of portfolio) expect(project.url).toMatch(/^https:\/\//u);
  });

  it('presents the three founders by role: full-stack, software, video and design', () => {
    const roles = founders.map((f) => f.role);
    expect(roles).toHaveLength(3);
    expect(roles[0]).toMatch(/full-stack/iu);
    expect(roles[1]).toMatch(/logiciel/iu);
    expect(roles[2]).toMatch(/design/iu);
    for (const founder of founders) {
      expect(founder.links.length).toBeGreaterThanOrEqual(2);
      expect(founder.links.length).toBeLessThanOrEqual(3);
    }
  });

  it('has twelve work-team members, each with a role and a study level', () => {
    expect(workTeam).toHaveLength(12);
    for (const member of workTeam) {
      expect(member.role.trim()).not.toBe('');
      expect(member.studyLevel.trim()).not.toBe('');
    }
  });

  it('covers the privacy sections and the four rights', () => {
    expect(privacy.sections.map((s) => s.id)).toEqual([
      'introduction',
      'utilisation',
      'partage',
      'protection',
      'droits',
      'modifications',
      'contact',
    ]);
    const rights = privacy.sections.find((s) => s.id === 'droits')?.list?.join(' ') ?? '';
    for (const right of ['accès', 'rectification', 'suppression', 'opposition']) {
      expect(rights).toContain(right);
    }
    const contact = privacy.sections.find((s) => s.id === 'contact');
    expect(contact?.email).toBe(agency.email);
    // The address is given once, as the link, not again in the text.
    expect(contact?.paragraphs.join(' ')).not.toContain(agency.email);
    expect(privacy.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/u);
    expect(Number.isNaN(Date.parse(privacy.updated))).toBe(false);
  });

  it('gives every route and the not-found page a title, a description and a heading', () => {
    for (const key of [...ALL_ROUTES, 'notFound' as const]) {
      const meta = pageMeta[key];
      expect(meta.title.trim()).not.toBe('');
      expect(meta.heading.trim()).not.toBe('');
      expect(meta.title).not.toContain('Horizon Numérique');
      expect(meta.description.length).toBeGreaterThanOrEqual(120);
      expect(meta.description.length).toBeLessThanOrEqual(160);
    }
  });

  it('uses the typographic apostrophe everywhere', () => {
    const offending = strings({ facts, frenchWords, arabicWords }, 'content').filter(([, text]) =>
      text.includes("'"),
    );
    expect(offending).toEqual([]);
  });
});

describe('the agency’s facts, written once for every language', () => {
  /** The facts a language must not write again: how to reach the agency and its addresses. */
  const written = [
    facts.AGENCY_FACTS.phone.display,
    facts.AGENCY_FACTS.phone.e164,
    facts.AGENCY_FACTS.email,
    facts.AGENCY_FACTS.siteUrl.replace(/^https:\/\//u, ''),
    ...facts.AGENCY_FACTS.socials.map((social) => social.url),
    ...facts.PORTFOLIO.map((project) => project.url),
    ...facts.FOUNDERS.flatMap((founder) => founder.links.map((link) => link.url)),
  ];

  it('leave no phone number, e-mail or web address in either language’s words', () => {
    const repeated = (words: unknown, name: string) =>
      strings(words, name).flatMap(([path, text]) =>
        written.filter((fact) => text.includes(fact)).map((fact) => `${path}: ${fact}`),
      );
    expect(repeated(frenchWords, 'fr')).toEqual([]);
    expect(repeated(arabicWords, 'ar')).toEqual([]);
    // The check finds a fact written into a sentence.
    const about = `Appelez le ${facts.AGENCY_FACTS.phone.display}.`;
    expect(repeated({ agency: { about } }, 'fr')).toEqual([
      `fr.agency.about: ${facts.AGENCY_FACTS.phone.display}`,
    ]);
  });
});

describe('the agency’s legal details, as its quotes show them', () => {
  it('are placeholders that say what to write, or, once written, real ones that pass the checks', () => {
    if (sellerLegalDetails.placeholder) {
      // Nothing invented as real: each detail is a bracketed instruction (the kinds of account
      // and regime are choices, not details).
      const { legalName, legalForm, address, rc, nif, nis, articleImposition, account } =
        sellerLegalDetails;
      const accountDetails =
        account.kind === 'rib' ? [account.bank, account.rib] : [account.ccp, account.key];
      const details = strings(
        { legalName, legalForm, address, rc, nif, nis, articleImposition, accountDetails },
        'sellerLegalDetails',
      );
      expect(details.length).toBeGreaterThanOrEqual(10);
      for (const [path, text] of details) {
        expect(text, path).toMatch(/^\[.+\]$/u);
      }
    } else {
      expect(sellerLegalDetailsSchema.safeParse(sellerLegalDetails).error?.issues ?? []).toEqual(
        [],
      );
    }
  });
});
