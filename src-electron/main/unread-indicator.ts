import type {
  AppLike,
  BrowserWindowLike,
  NativeImage,
  NativeImageStatic,
  TrayLike,
} from './electron-apis.ts';

export const CONSOLE_NAME = 'Console Horizon Numérique';

export function unreadLabel(count: number): string {
  if (count === 0) return 'aucun message non lu';
  return `${count} message${count > 1 ? 's' : ''} non lu${count > 1 ? 's' : ''}`;
}

export function trayToolTip(count: number): string {
  return count === 0 ? CONSOLE_NAME : `${CONSOLE_NAME} — ${unreadLabel(count)}`;
}

/**
 * A round dot, `size` pixels wide, as BGRA pixels (what `nativeImage.createFromBitmap`
 * takes): the Windows taskbar overlay that says "unread", drawn here rather than shipped.
 */
export function unreadDotBitmap(size = 16): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre);
      // Anti-aliased edge: full inside, fading over the last pixel.
      const coverage = Math.max(0, Math.min(1, radius - distance));
      const offset = (y * size + x) * 4;
      pixels[offset] = 0x2a; // blue
      pixels[offset + 1] = 0x35; // green
      pixels[offset + 2] = 0xdc; // red
      pixels[offset + 3] = Math.round(coverage * 255);
    }
  }
  return pixels;
}

export interface UnreadIndicatorOptions {
  app: Pick<AppLike, 'setBadgeCount'>;
  nativeImage: Pick<NativeImageStatic, 'createFromBitmap'>;
  platform: string;
  tray: () => TrayLike | null;
  window: () => BrowserWindowLike | null;
  /** Tray icons without and with the unread dot. */
  trayIcons?: { normal: NativeImage; unread: NativeImage };
}

/**
 * Shows the unread count everywhere the platform can: the app badge (macOS, Unity
 * launchers), the tray tooltip and icon, and the taskbar overlay on Windows.
 */
export function createUnreadIndicator(options: UnreadIndicatorOptions) {
  let overlay: NativeImage | undefined;
  let shown = -1;
  return (count: number): void => {
    if (count === shown) return;
    shown = count;
    options.app.setBadgeCount(count);
    const tray = options.tray();
    if (tray) {
      tray.setToolTip(trayToolTip(count));
      if (options.trayIcons) {
        tray.setImage(count > 0 ? options.trayIcons.unread : options.trayIcons.normal);
      }
    }
    const window = options.window();
    if (options.platform === 'win32' && window && !window.isDestroyed()) {
      overlay ??= options.nativeImage.createFromBitmap(unreadDotBitmap(), {
        width: 16,
        height: 16,
      });
      window.setOverlayIcon(count > 0 ? overlay : null, count > 0 ? unreadLabel(count) : '');
    }
  };
}
