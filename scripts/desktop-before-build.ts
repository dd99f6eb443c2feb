/**
 * electron-builder's `beforeBuild` hook (electron-builder.yml). electron-vite bundles
 * everything the console's main process and preload need into dist/electron, so the
 * packaged app needs no node_modules at all: returning false tells electron-builder that
 * dependencies are taken care of, and it neither installs nor copies any.
 */
export default function beforeBuild(): boolean {
  return false;
}
