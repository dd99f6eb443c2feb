/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the built site, so
 * that the server sends compressed bytes without compressing on each request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Files compressed at once: two, each with its Brotli and its gzip stream on libuv’s four threads. */
const CONCURRENCY = 2;
const TEXT = /\.(html|js|css|svg|json|txt|xml|webmanifest|map)$/;

export async function precompress(
  dir: string,
): Promise<{ files: number; before: number; after: number }> {
  const totals = { files: 0, before: 0, after: 0 };
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const compress = async (file: string) => {
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    totals.files += 1;
    totals.before += content.length;
    totals.after += br.length;
  };
  // A few files at a time, as many as libuv's threads compress at once: started all together,
  // every file's content and compressor were held at the same time (110 MB more at the build's
  // end, its peak; docs/deploy.md).
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compress(file);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return totals;
}
