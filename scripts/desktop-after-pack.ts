/**
 * electron-builder's `afterPack` hook (electron-builder.yml): flips the Electron fuses of the
 * packaged console before it is signed and wrapped into AppImage, deb or NSIS. Fuses are
 * switches compiled into the Electron binary; turning features off here means nobody can
 * turn them back on with a command-line flag or an environment variable.
 */
import path from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';
import type { AfterPackContext } from 'electron-builder';

/** The console's fuses, for a platform (`electronPlatformName`). */
export function consoleFuses(platform: string): FuseV1Config {
  return {
    version: FuseVersion.V1,
    // macOS re-signs ad hoc after the binary changed (a real signature comes later).
    resetAdHocDarwinSignature: platform === 'darwin',
    // ELECTRON_RUN_AS_NODE would turn the console into a plain Node.js interpreter.
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    // NODE_OPTIONS and --inspect would let anyone inject code into the main process.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // The app refuses to start if app.asar was changed after packing. electron-builder embeds
    // the asar's hash on macOS (Info.plist) and Windows (an executable resource), where
    // Electron checks it; Electron has no such check on Linux, so the fuse stays off there.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: platform !== 'linux',
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** The Electron executable inside the packed app folder. */
export function packedExecutable(context: {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}): string {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') {
    return path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  }
  if (electronPlatformName === 'win32') {
    return path.join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  }
  return path.join(appOutDir, packager.executableName ?? packager.appInfo.productFilename);
}

export default async function afterPack(context: AfterPackContext): Promise<void> {
  const packager = context.packager as AfterPackContext['packager'] & { executableName?: string };
  await flipFuses(
    packedExecutable({
      appOutDir: context.appOutDir,
      electronPlatformName: context.electronPlatformName,
      packager,
    }),
    consoleFuses(context.electronPlatformName),
  );
}
