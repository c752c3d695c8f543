import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { kinEntity } from '@hunab/calendar';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GlyphGallery } from '../src/components/glyphs/GlyphGallery.tsx';
import { KinCard } from '../src/components/glyphs/KinCard.tsx';
import { PlasmaGlyph } from '../src/components/glyphs/PlasmaGlyph.tsx';
import { RuneGlyph } from '../src/components/glyphs/RuneGlyph.tsx';
import { SealGlyph } from '../src/components/glyphs/SealGlyph.tsx';
import { ToneGlyph } from '../src/components/glyphs/ToneGlyph.tsx';
import { WarningSymbol } from '../src/components/glyphs/WarningSymbol.tsx';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const count = (html: string, text: string): number => html.split(text).length - 1;

/** The opening <svg ...> tag of a rendered glyph, and its aria-label. */
function svgTag(html: string): { tag: string; label: string | undefined } {
  const tag = /^<svg[^>]*>/.exec(html)?.[0] ?? '';
  return { tag, label: /aria-label="([^"]*)"/.exec(tag)?.[1] };
}

/** Renders each number with one fixed label, so any difference between them is in the drawing itself. */
function expectLabelledAndDistinct(n: number, render: (i: number, label: string) => string): void {
  const drawings = new Set<string>();
  for (const i of range(n)) {
    const html = render(i, `glyph ${i}`);
    const { tag, label } = svgTag(html);
    expect(tag, `glyph ${i}`).toContain('role="img"');
    expect(label, `glyph ${i}`).toBe(`glyph ${i}`);
    expect(html).not.toContain('data-glyph="warning"');
    drawings.add(render(i, 'same').replace(/data-value="[^"]*"/, ''));
  }
  expect(drawings.size).toBe(n);
}

describe('SealGlyph', () => {
  it('draws 20 distinct seals, each an <svg role="img"> with its label', () => {
    expectLabelledAndDistinct(20, (seal, label) => renderToStaticMarkup(<SealGlyph seal={seal} label={label} />));
  });

  it('colours the seals red, white, blue, yellow by (seal - 1) mod 4', () => {
    const colours = range(20).map(
      (seal) => /glyph-(red|white|blue|yellow)/.exec(renderToStaticMarkup(<SealGlyph seal={seal} label="x" />))?.[1],
    );
    expect(colours.slice(0, 8)).toEqual(['red', 'white', 'blue', 'yellow', 'red', 'white', 'blue', 'yellow']);
    expect(colours[19]).toBe('yellow');
  });

  it('hides itself from screen readers when decorative, and shows the warning symbol for a seal outside 1-20', () => {
    const decorative = renderToStaticMarkup(<SealGlyph seal={1} label="" decorative />);
    expect(decorative).toContain('aria-hidden="true"');
    expect(decorative).not.toContain('role=');
    for (const seal of [0, 21, 2.5, Number.NaN]) {
      expect(renderToStaticMarkup(<SealGlyph seal={seal} label="No sign" />)).toContain('data-glyph="warning"');
    }
  });
});

describe('ToneGlyph', () => {
  it('draws 13 distinct tones, each an <svg role="img"> with its label', () => {
    expectLabelledAndDistinct(13, (tone, label) => renderToStaticMarkup(<ToneGlyph tone={tone} label={label} />));
  });

  it('draws a bar for each five and a dot for each one left over, dots above bars', () => {
    for (const tone of range(13)) {
      const html = renderToStaticMarkup(<ToneGlyph tone={tone} label={`tone ${tone}`} />);
      expect(count(html, 'class="tone-bar"'), `bars of ${tone}`).toBe(Math.floor(tone / 5));
      expect(count(html, 'class="tone-dot"'), `dots of ${tone}`).toBe(tone % 5);
      const dotY = [...html.matchAll(/cy="([\d.]+)"/g)].map((m) => Number(m[1]));
      const barY = [...html.matchAll(/class="tone-bar"[^>]* y="([\d.]+)"/g)].map((m) => Number(m[1]));
      for (const cy of dotY) for (const y of barY) expect(cy).toBeLessThan(y);
    }
    expect(count(renderToStaticMarkup(<ToneGlyph tone={10} label="10" />), '<circle')).toBe(0);
  });

  it('centres the dots across the glyph and takes its colour from the prop, else the current colour', () => {
    const dots = [...renderToStaticMarkup(<ToneGlyph tone={3} label="3" />).matchAll(/cx="([\d.]+)"/g)];
    const xs = dots.map((m) => Number(m[1]));
    expect(((xs[0] ?? 0) + (xs[2] ?? 0)) / 2).toBeCloseTo(50);
    expect(renderToStaticMarkup(<ToneGlyph tone={3} label="3" />)).toContain('fill="currentColor"');
    expect(renderToStaticMarkup(<ToneGlyph tone={3} label="3" color="red" />)).toContain('fill="red"');
  });
});

describe('PlasmaGlyph', () => {
  it('draws 7 distinct radial plasmas, each an <svg role="img"> with its label and its own colour family', () => {
    expectLabelledAndDistinct(7, (plasma, label) =>
      renderToStaticMarkup(<PlasmaGlyph plasma={plasma} label={label} />),
    );
    for (const plasma of range(7)) {
      expect(renderToStaticMarkup(<PlasmaGlyph plasma={plasma} label="x" />)).toContain(`glyph-plasma-${plasma}`);
    }
  });
});

describe('RuneGlyph', () => {
  it('draws 28 distinct runes, each an <svg role="img"> with its label', () => {
    expectLabelledAndDistinct(28, (day, label) => renderToStaticMarkup(<RuneGlyph day={day} label={label} />));
  });

  it('marks the four special runes of days 7, 14, 21 and 28 with a ring, and no other', () => {
    for (const day of range(28)) {
      const html = renderToStaticMarkup(<RuneGlyph day={day} label="x" />);
      expect(html.includes('class="r-ring"'), `day ${day}`).toBe(day % 7 === 0);
    }
  });

  it('shows the warning symbol for a day outside 1-28', () => {
    expect(renderToStaticMarkup(<RuneGlyph day={29} label="No rune" />)).toContain('data-glyph="warning"');
  });
});

describe('KinCard', () => {
  it('shows the warning symbol for kin 0, 261 and 1.5', () => {
    for (const kin of [0, 261, 1.5, Number.NaN]) {
      const html = renderToStaticMarkup(<KinCard kin={kin} lang="en" />);
      expect(html, `kin ${kin}`).toContain('data-glyph="warning"');
      expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="[^"]+"/);
      expect(html).not.toContain('data-glyph="seal"');
    }
  });

  it('draws the tone above the seal with the kin number and names the kin in its label', () => {
    const html = renderToStaticMarkup(<KinCard kin={34} lang="en" />);
    expect(html.indexOf('data-glyph="tone"')).toBeLessThan(html.indexOf('data-glyph="seal"'));
    expect(html).toContain('data-value="14"');
    expect(html).toContain('aria-label="Kin 34, White Galactic Wizard"');
    expect(html).toContain('class="kin-card kin-card-md kin-white"');
    expect(html).toContain('>34</span>');
    expect(html).not.toContain('<button');
    const ru = renderToStaticMarkup(<KinCard kin={34} lang="ru" size="lg" />);
    expect(ru).toContain(`aria-label="Кин 34, ${kinEntity(34, 'ru').name}"`);
    expect(ru).toContain(`<span class="kin-card-name">${kinEntity(34, 'ru').name}</span>`);
  });

  it('shows and announces the portal, Mystic Column and selected states', () => {
    const portal = renderToStaticMarkup(<KinCard kin={1} lang="en" marks={{ portal: true }} selected />);
    expect(portal).toContain('aria-label="Kin 1, Red Magnetic Dragon, Galactic Activation Portal, selected"');
    expect(portal).toContain('kin-card-portal');
    expect(portal).toContain('is-selected');
    const mystic = renderToStaticMarkup(<KinCard kin={130} lang="en" marks={{ mystic: true }} />);
    expect(mystic).toContain('Mystic Column"');
    expect(mystic).toContain('is-mystic');
    expect(mystic).not.toContain('kin-card-portal');
  });

  it('is a button, pressed when selected, when given onClick', () => {
    const html = renderToStaticMarkup(<KinCard kin={207} lang="en" selected onClick={() => {}} />);
    expect(html).toMatch(/^<button type="button"/);
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain('aria-label="Kin 207, Blue Crystal Hand"');
  });
});

describe('WarningSymbol and the gallery', () => {
  it('labels the warning symbol', () => {
    const { tag, label } = svgTag(renderToStaticMarkup(<WarningSymbol label="Missing sign" />));
    expect(tag).toContain('role="img"');
    expect(label).toBe('Missing sign');
  });

  it('shows 20 seals, 13 tones, 7 plasmas and 28 runes as labelled images, and kin cards', () => {
    const html = renderToStaticMarkup(<GlyphGallery />);
    const labelled = (glyph: string) =>
      count(html.replace(/<svg(?![^>]*role="img")[^>]*>/g, ''), `data-glyph="${glyph}"`);
    expect(labelled('seal')).toBe(20);
    expect(labelled('tone')).toBe(13);
    expect(labelled('plasma')).toBe(7);
    expect(labelled('rune')).toBe(28);
    expect(count(html, 'data-testid="kin-card"')).toBeGreaterThan(5);
  });

  it('keeps the glyph source small', () => {
    const dir = join(import.meta.dirname, '../src/components/glyphs');
    const bytes = readdirSync(dir).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
    expect(bytes).toBeLessThan(60_000);
    expect(readFileSync(join(dir, 'glyphs.css'), 'utf8')).toContain('[data-bs-theme="light"]');
  });
});
