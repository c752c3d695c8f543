import type { ReactNode } from 'react';
import './glyphs.css';

export { circle, sparkle, starPolygon } from '@hunab/contracts';

/** Props every glyph shares. `label` names it for screen readers; `decorative` hides it when a parent names it. */
export interface GlyphProps {
  /** Width in CSS pixels. */
  size?: number;
  label: string;
  decorative?: boolean;
  className?: string;
}

interface GlyphSvgProps extends GlyphProps {
  glyph: 'seal' | 'tone' | 'plasma' | 'rune' | 'warning' | 'moon';
  value: number | string;
  viewBox?: string;
  height?: number;
  children: ReactNode;
}

/** The outer <svg> of every glyph: role="img" with an aria-label, or aria-hidden when decorative. */
export function GlyphSvg(props: GlyphSvgProps) {
  return glyphSvg(props);
}

/**
 * What GlyphSvg renders, as a plain call: a grid of 260 cards draws its glyphs with it and spares React two
 * components per card to create and hydrate.
 */
export function glyphSvg({
  glyph,
  value,
  size = 48,
  height = size,
  label,
  decorative = false,
  className,
  viewBox = '0 0 100 100',
  children,
}: GlyphSvgProps) {
  return (
    <svg
      className={withClass(`glyph glyph-${glyph}`, className)}
      viewBox={viewBox}
      width={size}
      height={height}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      focusable="false"
      data-glyph={glyph}
      data-value={value}
    >
      {children}
    </svg>
  );
}

/** A glyph's own classes, then those its caller adds. */
export const withClass = (own: string, added: string | undefined): string => (added ? `${own} ${added}` : own);

/** Whether n is an integer from 1 to max. */
export const inRange = (n: unknown, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max;
