/**
 * Writes the desktop console's icons into build/icons (not kept in git): the app icon at
 * every size Linux and Windows packages want, from the agency's logo, and the tray icon with
 * and without its unread dot. Also makes sure the site's icon sprite exists (the console's
 * screens use it). Run by `npm run desktop:compile`.
 */
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { generateIconSprite, spritePath } from './icons.ts';

const root = path.resolve(import.meta.dirname, '..');
export const iconsDir = path.join(root, 'build/icons');
const APP_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
const TRAY_SIZE = 32;

/** The tray icon with a red dot in its corner, for "unread messages". */
export function withUnreadDot(svg: string): string {
  const dot = '<circle cx="25" cy="7" r="6.5" fill="#DC352A" stroke="#fff" stroke-width="1.5"/>';
  return svg.replace(/<\/svg>\s*$/, `${dot}</svg>\n`);
}

async function render(svg: Buffer | string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 32) })
    .resize(size, size)
    .png()
    .toFile(path.join(iconsDir, file));
}

export async function generateDesktopIcons(): Promise<void> {
  await mkdir(iconsDir, { recursive: true });
  const logo = await readFile(path.join(root, 'src-web/public/logo.svg'));
  const tray = await readFile(path.join(root, 'src-electron/resources/tray.svg'), 'utf8');
  await Promise.all([
    ...APP_ICON_SIZES.map((size) => render(logo, size, `${size}x${size}.png`)),
    render(logo, 512, 'icon.png'),
    render(tray, TRAY_SIZE, 'tray.png'),
    render(withUnreadDot(tray), TRAY_SIZE, 'tray-unread.png'),
  ]);
  const spriteExists = await access(spritePath).then(
    () => true,
    () => false,
  );
  if (!spriteExists) await generateIconSprite();
}

if (import.meta.main) {
  await generateDesktopIcons();
  console.log(`Icônes de la console écrites dans ${path.relative(root, iconsDir)}.`);
}
