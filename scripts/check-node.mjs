// Stops with one clear line when Node is older than the project needs (kept in plain
// JavaScript so that it runs on any Node, before anything else does).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node ${process.versions.node} est trop ancien : ce projet demande Node 22.12 ou plus récent (24 conseillé). Installez-le avec « npm install -g --prefix /usr/local node@24 », puis relancez.`,
  );
  process.exit(1);
}
