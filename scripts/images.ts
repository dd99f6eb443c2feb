/**
 * Renders the site's pictures: every SVG of src-web/art (see manifest.ts) to AVIF and WebP at
 * each width of its kind, and of its phone cut if it has one, the social preview
 * (og-image.jpg) and the app icons drawn from the logo, into the generated, git-ignored folder
 * src-web/public/img. An output newer than its SVG and than the settings that shape it (this
 * file's encoders, the manifest's sizes and cuts) is kept as is.
 *
 * Run with `node scripts/images.ts`, or call generateImages() from the build script.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGES, imageKind, imageUrl } from '../src-web/art/manifest.ts';
import type { ImageName } from '../src-web/art/manifest.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ART_DIR = path.join(ROOT, 'src-web', 'art');
const PUBLIC_DIR = path.join(ROOT, 'src-web', 'public');
const OUT_DIR = path.join(PUBLIC_DIR, 'img');

/** Two cores on the build machines: render two pictures at a time. */
const CONCURRENCY = 2;
const WEBP_OPTIONS = { quality: 78, effort: 5, smartSubsample: true } as const;
/**
 * About the look of the WebP at four fifths of its bytes, on these flat illustrations. Effort 2
 * renders the 140 pictures of a fresh clone in 25 s on 2 cores, against 81 s at libavif's
 * default of 4, for files 12 % larger (the phone banner: 4.9 kB against 4.5 kB).
 */
const AVIF_OPTIONS = { quality: 55, effort: 2 } as const;
const JPEG_OPTIONS = { quality: 82, mozjpeg: true } as const;

type Format = 'avif' | 'webp' | 'jpeg' | 'png';

/** A part of the rendered picture, as fractions of its width and height. */
interface Cut {
  width: number;
  height: number;
  focusX: number;
}

interface Job {
  source: string;
  output: string;
  width: number;
  height: number;
  format: Format;
  /** Fills transparent areas (iOS shows them black on the home screen). */
  background?: string;
  /** Keeps this part only, `width` × `height` pixels once cut. */
  cut?: Cut;
}

function pictureJobs(): Job[] {
  const names = Object.keys(IMAGES) as ImageName[];
  return names.flatMap((name) => {
    const kind = imageKind(name);
    const source = path.join(ART_DIR, `${name}.svg`);
    const output = (url: string) => path.join(PUBLIC_DIR, url);
    return IMAGE_FORMATS.flatMap((format) => {
      const full = kind.widths.map((width) => ({
        source,
        output: output(imageUrl(name, width, format)),
        width,
        height: Math.round((width * kind.height) / kind.width),
        format,
      }));
      const { phone } = kind;
      if (!phone) return full;
      // The phone cut keeps the picture's full height: its width is that height at its ratio.
      const widthShare = (kind.height * phone.width) / phone.height / kind.width;
      const cut = phone.widths.map((width) => ({
        source,
        output: output(imageUrl(name, width, format, 'phone')),
        width,
        height: Math.round((width * phone.height) / phone.width),
        format,
        cut: { width: widthShare, height: 1, focusX: phone.focusX },
      }));
      return [...full, ...cut];
    });
  });
}

function extraJobs(): Job[] {
  const logo = path.join(PUBLIC_DIR, 'logo.svg');
  const icon = (file: string, size: number, background?: string): Job => ({
    source: logo,
    output: path.join(OUT_DIR, file),
    width: size,
    height: size,
    format: 'png',
    ...(background === undefined ? {} : { background }),
  });
  return [
    {
      source: path.join(ART_DIR, 'og-image.svg'),
      output: path.join(OUT_DIR, 'og-image.jpg'),
      width: 1200,
      height: 630,
      format: 'jpeg',
      background: '#0B1F33',
    },
    icon('icon-192.png', 192),
    icon('icon-512.png', 512),
    icon('apple-touch-icon.png', 180, '#0E4C92'),
  ];
}

async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The files whose settings shape every picture: changing them renders everything again. */
const SETTINGS_FILES = [fileURLToPath(import.meta.url), path.join(ART_DIR, 'manifest.ts')];

async function isFresh(job: Job, settingsChangedAt: number): Promise<boolean> {
  const [source, output] = await Promise.all([modifiedAt(job.source), modifiedAt(job.output)]);
  if (source === undefined) throw new Error(`Missing picture source: ${job.source}`);
  return output !== undefined && output > source && output > settingsChangedAt;
}

/** The picture rasterised whole at the size where its cut is `job.width` × `job.height`. */
async function rasterise(job: Job): Promise<Sharp> {
  const cut = job.cut ?? { width: 1, height: 1, focusX: 0.5 };
  const width = Math.round(job.width / cut.width);
  const height = Math.round(job.height / cut.height);
  // Rasterise the vector at the target size (not a bitmap scaled afterwards), so it stays crisp.
  const intrinsic = (await sharp(job.source).metadata()).width;
  const density = intrinsic ? (72 * width) / intrinsic : 72;
  const whole = sharp(job.source, { density }).resize(width, height, { fit: 'cover' });
  if (!job.cut) return whole;
  return sharp(await whole.toBuffer()).extract({
    left: Math.round((width - job.width) * cut.focusX),
    top: Math.round((height - job.height) / 2),
    width: job.width,
    height: job.height,
  });
}

async function render(job: Job): Promise<void> {
  let image = await rasterise(job);
  if (job.background !== undefined) image = image.flatten({ background: job.background });
  if (job.format === 'avif') image = image.avif(AVIF_OPTIONS);
  else if (job.format === 'webp') image = image.webp(WEBP_OPTIONS);
  else if (job.format === 'jpeg') image = image.jpeg(JPEG_OPTIONS);
  else image = image.png({ compressionLevel: 9, palette: false });
  await writeFile(job.output, await image.toBuffer());
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function generateImages(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const jobs = [...pictureJobs(), ...extraJobs()];
  const settingsChangedAt = Math.max(
    ...(await Promise.all(SETTINGS_FILES.map(async (file) => (await stat(file)).mtimeMs))),
  );
  let rendered = 0;
  let skipped = 0;
  await eachLimited(jobs, CONCURRENCY, async (job) => {
    if (await isFresh(job, settingsChangedAt)) {
      skipped++;
      return;
    }
    await render(job);
    rendered++;
  });
  const sizes = await Promise.all(jobs.map(async (job) => (await stat(job.output)).size));
  const totalKb = Math.round(sizes.reduce((sum, size) => sum + size, 0) / 1024);
  console.log(
    `images: ${rendered} rendered, ${skipped} skipped, ${totalKb} KB in ${path.relative(ROOT, OUT_DIR)}`,
  );
}

if (import.meta.main) {
  await generateImages();
}
