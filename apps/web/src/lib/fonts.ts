/**
 * The font wait of spec 000 section 9: start-up waits for the page's web fonts at most 3 s, so the first screen
 * is drawn in its fonts when they come quickly and never held back by a slow font server.
 */
export const FONT_WAIT_MS = 3_000;

export type FontWait = 'loaded' | 'timeout' | 'unsupported';

export function waitForFonts(timeoutMs = FONT_WAIT_MS): Promise<FontWait> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts?.ready) return Promise.resolve('unsupported');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<FontWait>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  return Promise.race([fonts.ready.then((): FontWait => 'loaded'), timeout]).finally(() => clearTimeout(timer));
}
