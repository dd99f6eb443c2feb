import { generateFonts } from './fonts.ts';
import { generateIconSprite } from './icons.ts';
import { generateImages } from './images.ts';

/** What the bundles import but git does not hold: the subset fonts, the pictures, the icons. */
export async function generateAssets(): Promise<void> {
  await Promise.all([generateImages(), generateIconSprite(), generateFonts()]);
}
