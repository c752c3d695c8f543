declare module 'subset-font' {
  /** A font cut down to the glyphs of `text` (and what its layout needs), in `targetFormat`. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2' },
  ): Promise<Buffer>;
}
