/**
 * Writes src-web/public/icons.svg: one <symbol> per icon of ICON_NAMES, taken from the
 * bootstrap-icons package, so that pages show icons without an icon font or inline SVG in JS.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ICON_NAMES } from '../src-web/components/icon-names.ts';

const root = path.resolve(import.meta.dirname, '..');
const iconsDir = path.join(root, 'node_modules/bootstrap-icons/icons');
export const spritePath = path.join(root, 'src-web/public/icons.svg');

export async function generateIconSprite(): Promise<void> {
  const symbols = await Promise.all(
    ICON_NAMES.map(async (name) => {
      const svg = await readFile(path.join(iconsDir, `${name}.svg`), 'utf8');
      const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 16 16';
      const body = svg
        .replace(/^[\s\S]*?<svg[^>]*>/, '')
        .replace(/<\/svg>\s*$/, '')
        .trim();
      return `<symbol id="${name}" viewBox="${viewBox}">${body}</symbol>`;
    }),
  );
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
  await writeFile(spritePath, sprite);
}

if (import.meta.main) {
  await generateIconSprite();
  console.log(`${ICON_NAMES.length} icônes écrites dans ${path.relative(root, spritePath)}.`);
}
