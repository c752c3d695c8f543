import { Fragment, type ReactNode } from 'react';

/**
 * A small Markdown reader for the product's own texts (readings, lessons): headings, paragraphs, bulleted and
 * numbered lists, **bold**, *italic*, [links](https://...), and images alone on their line, which the caller draws
 * (`image`; lessons draw the product's glyphs from `![name](glyph:seal/5)`) or leaves out. It builds React elements,
 * never HTML strings, so nothing in a text can run as code.
 */

const IMAGE = /!\[([^\]]*)\]\(([^)\s]+)\)/g;
const IMAGE_LINE = /^(?:!\[[^\]]*\]\([^)\s]+\)\s*)+$/;

/** Draws the image of an `![alt](src)`; null leaves it out. */
export type MarkdownImage = (src: string, alt: string, key: string) => ReactNode;

/** Bold text alone on a line, at most 100 characters, becomes a heading: h3 up to 30, h4 up to 60, else h5. */
export function promotedHeadingLevel(text: string): 3 | 4 | 5 | null {
  if (text.length > 100) return null;
  if (text.length <= 30) return 3;
  return text.length <= 60 ? 4 : 5;
}

function inline(text: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = `${keyPrefix}-${index++}`;
    if (match[1]) nodes.push(<strong key={key}>{match[1]}</strong>);
    else if (match[2]) nodes.push(<em key={key}>{match[2]}</em>);
    else if (match[3] && match[4])
      nodes.push(
        <a key={key} href={match[4]} target="_blank" rel="noopener noreferrer nofollow">
          {match[3]}
        </a>,
      );
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** Stable keys for lines of a block: the text itself, numbered when it repeats. */
function keyed(lines: string[]): { key: string; line: string }[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const count = (seen.get(line) ?? 0) + 1;
    seen.set(line, count);
    return { key: `${count}:${line}`, line };
  });
}

/** The level a block's heading asks for (`#` is 2, a promoted bold line 3 to 5), or null for another block. */
function askedLevel(block: string): number | null {
  const heading = /^(#{1,6})\s+(.*)$/.exec(block);
  if (heading && !block.includes('\n')) return Math.min(6, Math.max(2, (heading[1] ?? '').length + 1));
  const bold = /^\*\*([^*]+)\*\*$/.exec(block);
  return bold?.[1] ? promotedHeadingLevel(bold[1]) : null;
}

/**
 * The heading levels of a text under a page heading of level `under`: the text's own levels in order, its highest one
 * just below the page's heading and none more than one below the heading before it, so no level is skipped.
 */
export function headingLevels(blocks: readonly string[], under: number): (number | null)[] {
  const asked = blocks.map((block) => askedLevel(block.trim()));
  const ranks = [...new Set(asked.filter((level) => level !== null))].sort((a, b) => a - b);
  let previous = under;
  return asked.map((level) => {
    if (level === null) return null;
    const shown = Math.min(6, under + 1 + ranks.indexOf(level), previous + 1);
    previous = shown;
    return shown;
  });
}

/**
 * Markdown's few block forms. `under`: the level of the page's heading above the text, whose levels then follow on
 * from it (a lesson under its h1); without it `#` is h2 and `##` h3, as the readings are written.
 */
export function Markdown({ text, image, under }: { text: string; image?: MarkdownImage; under?: number }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  const levels = under === undefined ? null : headingLevels(blocks, under);
  return (
    <>
      {blocks.map((raw, i) => {
        const block = raw.trim();
        const key = `b${i}`;
        if (!block) return null;
        const heading = /^(#{1,6})\s+(.*)$/.exec(block);
        if (heading && !block.includes('\n')) {
          const level = levels?.[i] ?? Math.min(6, Math.max(2, (heading[1] ?? '').length + 1));
          const Tag = `h${level}` as 'h2';
          return <Tag key={key}>{inline(heading[2] ?? '', key)}</Tag>;
        }
        const bold = /^\*\*([^*]+)\*\*$/.exec(block);
        if (bold?.[1]) {
          const level = promotedHeadingLevel(bold[1]) && (levels?.[i] ?? promotedHeadingLevel(bold[1]));
          if (level) {
            const Tag = `h${level}` as 'h3';
            return <Tag key={key}>{bold[1]}</Tag>;
          }
        }
        const lines = block.split('\n');
        // A block of images only: one or more `![alt](src)` per line.
        if (lines.every((line) => IMAGE_LINE.test(line.trim()))) {
          if (!image) return null;
          const drawn = [...block.matchAll(IMAGE)]
            .map((match, j) => image(match[2] ?? '', match[1] ?? '', `${key}-${j}`))
            .filter((node) => node !== null);
          if (drawn.length === 0) return null;
          return (
            <figure key={key} className="markdown-figure">
              {drawn}
            </figure>
          );
        }
        if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
          return (
            <ul key={key}>
              {keyed(lines).map(({ key: lineKey, line }) => (
                <li key={lineKey}>{inline(line.replace(/^\s*[-*]\s+/, ''), lineKey)}</li>
              ))}
            </ul>
          );
        }
        if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line))) {
          return (
            <ol key={key}>
              {keyed(lines).map(({ key: lineKey, line }) => (
                <li key={lineKey}>{inline(line.replace(/^\s*\d+[.)]\s+/, ''), lineKey)}</li>
              ))}
            </ol>
          );
        }
        return (
          <p key={key}>
            {keyed(lines).map(({ key: lineKey, line }, j) => (
              <Fragment key={lineKey}>
                {j > 0 && <br />}
                {inline(line, lineKey)}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}
