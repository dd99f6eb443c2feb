/** Replaces the map's stand-in with the maps service's frame when the visitor asks for it. */
export function enhanceMap(container: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest('[data-map-show]');
    const facade = button?.closest('.map-facade');
    if (!facade) return;
    const frame = document.createElement('iframe');
    frame.className = 'map-frame';
    frame.src = container.dataset.mapSrc ?? '';
    frame.title = container.dataset.mapTitle ?? '';
    frame.loading = 'lazy';
    frame.referrerPolicy = 'no-referrer';
    facade.replaceWith(frame);
    frame.focus();
  };
  container.addEventListener('click', onClick);
  return () => container.removeEventListener('click', onClick);
}
