/**
 * How a quote's page is printed to PDF, written once (docs/quotes.md, « Enregistrer en PDF ») :
 * A4, the margins of the page's own `@page` rule (src-web/quotes/quote-document.css), colours
 * kept, the CSS page size preferred. The desktop console hands it to Electron's
 * `webContents.printToPDF` (margins in inches), the tests to Playwright's `page.pdf()` (CSS
 * lengths): two shapes of one definition, so that the PDF the tests read back is made as the
 * console's is. A test checks that the style sheet says the same.
 */
export const QUOTE_PDF = {
  pageSize: 'A4',
  /** The `@page` margins of quote-document.css, in millimetres. */
  marginsMm: { top: 14, right: 14, bottom: 16, left: 14 },
  printBackground: true,
  preferCSSPageSize: true,
} as const;

const MM_PER_INCH = 25.4;

/** For Electron's `webContents.printToPDF` (its PrintToPDFOptions). */
export function electronPdfOptions() {
  const { top, right, bottom, left } = QUOTE_PDF.marginsMm;
  return {
    pageSize: QUOTE_PDF.pageSize,
    margins: {
      top: top / MM_PER_INCH,
      right: right / MM_PER_INCH,
      bottom: bottom / MM_PER_INCH,
      left: left / MM_PER_INCH,
    },
    printBackground: QUOTE_PDF.printBackground,
    preferCSSPageSize: QUOTE_PDF.preferCSSPageSize,
  };
}

/** For Playwright's `page.pdf()` (the tests print the same page with it). */
export function playwrightPdfOptions() {
  const { top, right, bottom, left } = QUOTE_PDF.marginsMm;
  return {
    format: QUOTE_PDF.pageSize,
    margin: { top: `${top}mm`, right: `${right}mm`, bottom: `${bottom}mm`, left: `${left}mm` },
    printBackground: QUOTE_PDF.printBackground,
    preferCSSPageSize: QUOTE_PDF.preferCSSPageSize,
  };
}
