import { ICON_SPRITE } from '../../components/icon-names.ts';

/**
 * Puts the icon sprite's symbols in the page, hidden, where the icons of the prerendered page
 * look for them (scripts/build.ts points each `<use>` at its symbol's id): the sprite comes
 * with the page's script, after the first screen, rather than alongside the banner; the
 * header's few icons are written in the page by the build. An icon
 * keeps its place (1em) while it waits. If the sprite cannot be fetched, the page goes on
 * without icons, which only decorate text that says the same.
 */
export async function loadIconSprite(): Promise<void> {
  try {
    const response = await fetch(ICON_SPRITE);
    if (!response.ok) return;
    const sprite = new DOMParser().parseFromString(await response.text(), 'image/svg+xml');
    const symbols = sprite.documentElement;
    if (symbols.localName !== 'svg') return;
    // The header's icons are in the page already (scripts/build.ts): one symbol per id.
    for (const symbol of symbols.querySelectorAll('symbol')) {
      if (document.getElementById(symbol.id)) symbol.remove();
    }
    symbols.setAttribute('aria-hidden', 'true');
    // Out of the layout whatever the page's CSS (an unsized <svg> would take 300 × 150).
    symbols.setAttribute('width', '0');
    symbols.setAttribute('height', '0');
    symbols.setAttribute('style', 'position:absolute');
    document.body.append(document.importNode(symbols, true));
  } catch {
    // Offline or a broken sprite: the text around each icon says the same.
  }
}
