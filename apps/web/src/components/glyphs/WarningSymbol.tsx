import { type GlyphProps, GlyphSvg } from './GlyphSvg.tsx';

/** Shown where a kin has no valid sign or tone, or where an image failed to load: an amber triangle with "!". */
export function WarningSymbol({ label, size = 48, decorative, className }: GlyphProps) {
  return (
    <GlyphSvg glyph="warning" value="!" label={label} size={size} decorative={decorative} className={className}>
      <path
        className="g-warn"
        d="M50 10c3 0 5 1.6 6.6 4.3l34 59c3.2 5.6-.2 12.7-6.6 12.7H16c-6.4 0-9.8-7.1-6.6-12.7l34-59C45 11.6 47 10 50 10Z"
      />
      <path className="g-warn-ink" d="M50 34v24" />
      <path className="g-warn-dot" d={'M50 66a4.5 4.5 0 1 0 0 9a4.5 4.5 0 1 0 0-9Z'} />
    </GlyphSvg>
  );
}
