/**
 * The browser code of the public pages, one small file. Each page is prerendered HTML with its
 * own CSS (scripts/build.ts); this brings only what moves or answers: the navigation bar, the
 * carousel, the counters, the map and, when the visitor reaches it, the contact form (with
 * the full stylesheet, for its states); the icons and the pictures near the first screen;
 * and, once the first screen is painted, the web fonts; and where the visitor arrived from
 * (the referring site, the campaign's utm_*), kept for the visit in sessionStorage. Links
 * between pages are plain links. The page does not ask for this file in its head: a short
 * script at the end of its body does, once the banner is painted or the visitor acts
 * (shared/web/page-script-loader.ts).
 */
import '../../styles/main.scss';
import { HOME_COUNTERS_DURATION_MS } from '../../../shared/domain/constants.ts';
import { loadContactForms } from '../features/contact/contact-form-loader.ts';
import { enhanceMap } from '../features/contact/map-facade.ts';
import { enhanceCarousel } from './carousel.ts';
import { showDeferredPictures } from './deferred-pictures.ts';
import { loadIconSprite } from './icons.ts';
import { startCounters } from './counters.ts';
import { enhanceNavigation } from './navigation.ts';
import { loadWebFonts } from './fonts.ts';
import { rememberArrival } from '../../../shared/domain/provenance.ts';
import { withVisitArrival } from '../../../shared/domain/whatsapp-taps.ts';

// Where the visitor comes from, kept for the visit and sent with the form (no cookie).
rememberArrival(() => sessionStorage, location.href, document.referrer);
// The WhatsApp buttons count their tap with the same arrival (docs/inbox.md).
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-whatsapp]')) {
  link.href = withVisitArrival(link.getAttribute('href') ?? '', () => sessionStorage);
}
showDeferredPictures();
void loadIconSprite();
loadWebFonts();

const each = (selector: string, enhance: (element: HTMLElement) => unknown) => {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) enhance(element);
};

each('[data-site-nav]', enhanceNavigation);
each('[data-carousel]', enhanceCarousel);
each('[data-counters]', (section) =>
  startCounters(section, { duration: HOME_COUNTERS_DURATION_MS }),
);
each('[data-map-embed]', enhanceMap);
loadContactForms();
