/**
 * The page build's steps (scripts/build.ts) are an ordered list of named transforms, each
 * turning the page's HTML into the next. A step that edits the page at a place (« before
 * </head> », « on <html> ») finds that place with `replaceOnce`: when the place is missing,
 * or there twice, the build stops and names the step and the page, rather than writing a page
 * that silently lacks its script, its styles or its language.
 */

/** One step of the page build. */
export interface PageTransform<Context> {
  /** The step's name, in the build's error when it fails. */
  readonly name: string;
  apply(page: string, context: Context): string | Promise<string>;
}

/** What an anchor is called in an error: the text itself, or the pattern. */
function describe(anchor: string | RegExp): string {
  return typeof anchor === 'string' ? `« ${anchor} »` : `le motif ${String(anchor)}`;
}

function occurrences(page: string, anchor: string | RegExp): number {
  if (typeof anchor === 'string') return page.split(anchor).length - 1;
  const flags = anchor.flags.includes('g') ? anchor.flags : `${anchor.flags}g`;
  return [...page.matchAll(new RegExp(anchor.source, flags))].length;
}

/**
 * Replaces the one place of `page` that `anchor` finds (a text, or a pattern whose groups the
 * replacement receives). Throws when the anchor is found zero times or more than once. The
 * replacement is taken as is: a `$` in it is never a pattern of `String.replace`.
 */
export function replaceOnce(
  page: string,
  anchor: string | RegExp,
  replacement: string | ((match: string, ...groups: string[]) => string),
): string {
  const count = occurrences(page, anchor);
  if (count !== 1) {
    throw new Error(`${describe(anchor)} trouvé ${count} fois au lieu d’une.`);
  }
  const found =
    typeof anchor === 'string'
      ? { index: page.indexOf(anchor), text: anchor, groups: [] as string[] }
      : (() => {
          const match = new RegExp(anchor.source, anchor.flags.replace('g', '')).exec(page);
          if (!match) throw new Error(`${describe(anchor)} introuvable.`);
          return { index: match.index, text: match[0], groups: match.slice(1).map((g) => g ?? '') };
        })();
  const replaced =
    typeof replacement === 'string' ? replacement : replacement(found.text, ...found.groups);
  return page.slice(0, found.index) + replaced + page.slice(found.index + found.text.length);
}

/**
 * Runs the steps in order. A failing step stops the build with the page (`label`) and the
 * step's name in front of its own error.
 */
export async function applyTransforms<Context>(
  page: string,
  transforms: readonly PageTransform<Context>[],
  context: Context,
  label: string,
): Promise<string> {
  let result = page;
  for (const transform of transforms) {
    try {
      result = await transform.apply(result, context);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Page ${label}, étape « ${transform.name} » : ${reason}`, { cause: error });
    }
  }
  return result;
}
