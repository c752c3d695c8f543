/** The properties that give a glyph its look; the app sets them from its style sheet, a file must carry them. */
const PAINT = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'opacity'];

/**
 * A glyph drawn on the page as a self-contained SVG file: the colours the style sheet gives its shapes (by class and
 * CSS variables, light or dark theme) are written onto each shape, so the file looks the same anywhere.
 */
export function standaloneSvg(svg: SVGSVGElement, size = 512): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((element, index) => {
    const target = copies[index];
    if (!target) return;
    const style = getComputedStyle(element);
    for (const property of PAINT) {
      const value = style.getPropertyValue(property);
      if (value) target.setAttribute(property, value);
    }
    target.removeAttribute('class');
  });
  for (const attribute of ['role', 'aria-label', 'aria-hidden', 'focusable', 'data-glyph', 'data-value']) {
    copy.removeAttribute(attribute);
  }
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(size));
  copy.setAttribute('height', String(size));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadSvg(svg: SVGSVGElement, name: string): void {
  save(new Blob([standaloneSvg(svg)], { type: 'image/svg+xml' }), `${name}.svg`);
}

/** The glyph as a square PNG of `size` pixels on a transparent ground. */
export async function downloadPng(svg: SVGSVGElement, name: string, size = 512): Promise<void> {
  const url = URL.createObjectURL(new Blob([standaloneSvg(svg, size)], { type: 'image/svg+xml' }));
  try {
    const image = new Image(size, size);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    canvas.getContext('2d')?.drawImage(image, 0, 0, size, size);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) save(blob, `${name}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
