/**
 * Where the build writes the prerendered page of a route (`/pageAccueil` →
 * `routes/pageAccueil.html`) and the server reads it. Apart from site.ts so that the build
 * reads it without loading the server's modules.
 */
export function prerenderedFile(route: string): string {
  return `routes${route}.html`;
}
