import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** An A4 sheet's width in CSS pixels (210 mm at 96 px per inch), and a margin around it. */
const SHEET_WIDTH_PX = (210 / 25.4) * 96;
const SCREEN_MARGIN_PX = 16;

/**
 * The printed quote as a sheet of paper on screen: 210 mm wide, with the print margins, and,
 * on a screen narrower than that (a phone), zoomed out to fit its width, so the client sees the
 * whole page and can zoom in, rather than half a page scrolled sideways. Printed, it is the bare
 * page again (quote-document.css: the sheet's frame and zoom are screen-only).
 */
export function QuoteSheet({ children }: { children: ReactNode }) {
  const sheet = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    const frame = sheet.current?.parentElement;
    if (!frame) return;
    const fit = () => setZoom(Math.min(1, (frame.clientWidth - SCREEN_MARGIN_PX) / SHEET_WIDTH_PX));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={sheet}
      className="quote-sheet"
      style={{ '--quote-sheet-zoom': zoom } as CSSProperties}
    >
      {children}
    </div>
  );
}
