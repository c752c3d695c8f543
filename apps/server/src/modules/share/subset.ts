import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SHARE_CHARACTERS } from './characters.generated.ts';

/**
 * The code of the thread that cuts fonts down: harfbuzz (through subset-font) keeps the glyphs of the characters
 * given, and what shaping them needs. Each file is written under a name of its own and then renamed, so processes
 * that cut the same font at once never read half a file.
 */
const SUBSET_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const subsetFont = require(workerData.subsetFont);
(async () => {
  mkdirSync(workerData.dir, { recursive: true });
  for (const { from, to } of workerData.fonts) {
    const cut = await subsetFont(readFileSync(from), workerData.text, { targetFormat: 'truetype' });
    const part = to + '.' + process.pid + '.' + Math.random().toString(36).slice(2);
    writeFileSync(part, cut);
    renameSync(part, to);
  }
})().then(() => parentPort.postMessage('done'), (error) => parentPort.postMessage(String(error && error.message || error)));
`;

/** Where cut fonts are kept between runs: the same font and characters give the same file, so it is cut once. */
const SUBSET_DIR = join(tmpdir(), 'hunab-share-fonts');

const made = new Map<string, Promise<string[]>>();

/**
 * The font files cut down to the characters of the share images (characters.generated.ts), cut on first use on a
 * thread of their own and kept on disk; the whole files if cutting fails, which draw the same images, only slower.
 * A cut font draws byte for byte the same image as the whole one (test/share.test.ts).
 */
export function subsetFontFiles(files: string[]): Promise<string[]> {
  const key = files.join('|');
  let pending = made.get(key);
  if (!pending) {
    pending = cut(files).catch(() => files);
    made.set(key, pending);
  }
  return pending;
}

async function cut(files: string[]): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const version = (require('subset-font/package.json') as { version: string }).version;
  const fonts = files.map((from) => {
    const hash = createHash('sha256')
      .update(`${version}\n${from}\n${statSync(from).size}\n${SHARE_CHARACTERS}`)
      .digest('base64url')
      .slice(0, 16);
    return { from, to: join(SUBSET_DIR, `${basename(from, '.ttf')}-${hash}.ttf`) };
  });
  const missing = fonts.filter(({ to }) => !existsSync(to));
  if (missing.length > 0) {
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(SUBSET_CODE, {
        eval: true,
        workerData: {
          subsetFont: require.resolve('subset-font'),
          dir: SUBSET_DIR,
          fonts: missing,
          text: SHARE_CHARACTERS,
        },
      });
      worker.once('message', (message: string) => {
        void worker.terminate();
        if (message === 'done') resolve();
        else reject(new Error(`the share fonts could not be cut: ${message}`));
      });
      worker.once('error', reject);
    });
  }
  return fonts.map(({ to }) => to);
}
