/**
 * On a public page's <html>: the address of the page's script (written by scripts/build.ts,
 * read by PAGE_SCRIPT_LOADER).
 */
export const PAGE_SCRIPT_ATTRIBUTE = 'data-page-script';

/**
 * The one script written in the public pages, at the end of the body. It asks for the page's
 * script (the carousel, the counters, the form, the web fonts, what the menu adds to its
 * native disclosure) only once the first banner is painted, so that on a slow link that
 * script neither shares the network with the banner nor holds back the first paint: when
 * Chrome reports the banner's Largest Contentful Paint entry, and in a browser without those
 * entries (Safari, Firefox) in the frame after the banner is decoded, which is no later. It
 * asks at the latest 1 s after `load` (a page whose largest paint is something else, a tab
 * opened in the background), and at once on the visitor's first touch, key or scroll. A form sent before the script has run (the
 * contact form, whose guard the script installs) is held, never sent natively (that would put
 * the message in the page's address), and sent again once the script is there. An import that
 * fails (offline) is tried again at the next touch. Listeners come before the observer, so
 * that a browser without PerformanceObserver still loads the page's script.
 *
 * Its text is fixed (the script's address is read from <html>), so that the Content Security
 * Policy allows it by its hash (src-server/security/headers.ts, firebase.json) and no other
 * inline script.
 */
export const PAGE_SCRIPT_LOADER =
  'let a,r;const go=()=>{a||(a=import(document.documentElement.dataset.pageScript).then(()=>r=1,()=>a=0))};' +
  'addEventListener("submit",e=>{r||(e.preventDefault(),go(),a.then(()=>r&&e.target.requestSubmit()))},!0);' +
  'addEventListener("load",()=>setTimeout(go,1e3));' +
  'for(const t of["pointerdown","keydown","scroll"])addEventListener(t,go,{once:!0,passive:!0});' +
  'const b=document.querySelector("[data-carousel] img");' +
  'const p="largest-contentful-paint",f=()=>requestAnimationFrame(()=>setTimeout(go));' +
  'b&&(PerformanceObserver.supportedEntryTypes?.includes(p)' +
  '?new PerformanceObserver(l=>{l.getEntries().some(e=>e.element===b)&&go()}).observe({type:p,buffered:!0})' +
  ':b.decode().then(f,f))';
