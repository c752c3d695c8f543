import type { ReactNode } from 'react';
import './glyphs.css';

/** Props every glyph shares. `label` names it for screen readers; `decorative` hides it when a parent names it. */
export interface GlyphProps {
  /** Width in CSS pixels. */
  size?: number;
  label: string;
  decorative?: boolean;
  className?: string;
}

interface GlyphSvgProps extends GlyphProps {
  glyph: 'seal' | 'tone' | 'plasma' | 'rune' | 'warning';
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
      className={className ? `glyph glyph-${glyph} ${className}` : `glyph glyph-${glyph}`}
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

/** A circle as path data, so a glyph can be one list of paths. */
export const circle = (cx: number, cy: number, r: number): string =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

/** A four-pointed sparkle centred on (x, y) with arm length r. */
export const sparkle = (x: number, y: number, r: number): string => {
  const w = r / 3;
  return `M${x} ${y - r}L${x + w} ${y - w}L${x + r} ${y}L${x + w} ${y + w}L${x} ${y + r}L${x - w} ${y + w}L${x - r} ${y}L${x - w} ${y - w}Z`;
};

/** A star polygon with `points` points between radii outer and inner, first point straight up. */
export const starPolygon = (cx: number, cy: number, points: number, outer: number, inner: number): string => {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    d += `${i === 0 ? 'M' : 'L'}${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
  }
  return `${d}Z`;
};

/** Whether n is an integer from 1 to max. */
export const inRange = (n: unknown, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max;
