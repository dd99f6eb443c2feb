import type { ReactNode } from 'react';

/**
 * The printed quote on screen: on a screen wide enough, a sheet of paper 210 mm wide with the
 * print margins around the page; on a phone, the quote laid out to the screen's width
 * (quote-document.css: one column, each line a stacked row with its labels, no sideways
 * scroll), to be read without zooming. Printed, it is the bare A4 page whatever the screen
 * (the sheet's frame and the phone's layout are screen-only).
 */
export function QuoteSheet({ children }: { children: ReactNode }) {
  return <div className="quote-sheet">{children}</div>;
}
