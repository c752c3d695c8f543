import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headingLevels, Markdown, promotedHeadingLevel } from '../src/components/Markdown.tsx';
import { builtinReading, parseFrontMatter } from '../src/lib/readings.ts';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe('reading Markdown', () => {
  it('turns headings, paragraphs, lists, bold, italics and links into elements', () => {
    expect(html('## Смысл\n\nПервый абзац\nс переносом.\n\n- один\n- два\n\n1. раз\n2. два')).toBe(
      '<h3>Смысл</h3><p>Первый абзац<br/>с переносом.</p><ul><li>один</li><li>два</li></ul><ol><li>раз</li><li>два</li></ol>',
    );
    expect(html('Это **важно** и *тихо*, см. [сайт](https://lawoftime.org).')).toBe(
      '<p>Это <strong>важно</strong> и <em>тихо</em>, см. <a href="https://lawoftime.org" target="_blank" rel="noopener noreferrer nofollow">сайт</a>.</p>',
    );
  });

  it('promotes a bold line of at most 100 characters to h3, h4 or h5 by its length', () => {
    expect(promotedHeadingLevel('x'.repeat(30))).toBe(3);
    expect(promotedHeadingLevel('x'.repeat(31))).toBe(4);
    expect(promotedHeadingLevel('x'.repeat(60))).toBe(4);
    expect(promotedHeadingLevel('x'.repeat(61))).toBe(5);
    expect(promotedHeadingLevel('x'.repeat(101))).toBeNull();
    expect(html('**Короткий заголовок**')).toBe('<h3>Короткий заголовок</h3>');
    expect(html(`**${'д'.repeat(45)}**`)).toBe(`<h4>${'д'.repeat(45)}</h4>`);
  });

  it('never lets text become markup or a script link', () => {
    const out = html('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('href="javascript');
    expect(out).toContain('&lt;script&gt;');
  });
});

describe('content files', () => {
  it('reads the front matter of a reading', () => {
    expect(
      parseFrontMatter(
        '---\ntitle: "Синяя Рука"\nkeywords: [Свершение, Знает, Исцеление]\nsummary: Знание через действие\n---\n## Смысл\n\nТекст',
      ),
    ).toEqual({
      title: 'Синяя Рука',
      keywords: ['Свершение', 'Знает', 'Исцеление'],
      summary: 'Знание через действие',
      body: '## Смысл\n\nТекст',
    });
  });

  it('builds the built-in text from the engine in the reader’s language', () => {
    const reading = builtinReading('signs', 7, 'es');
    expect(reading.source).toBe('builtin');
    expect(reading.title).toBe('Mano Azul');
    expect(reading.keywords).toHaveLength(3);
    expect(builtinReading('tones', 12, 'ja').title).toBe('水晶');
  });
});

describe('heading levels under a page heading (a lesson under its h1)', () => {
  it('starts just below the page heading and never skips a level', () => {
    const lesson =
      '## Meaning\n\nText.\n\n**A practice for the whole of this day**\n\nMore.\n\n## Shadow and gift\n\nEnd.';
    const shown = renderToStaticMarkup(<Markdown text={lesson} under={1} />);
    expect([...shown.matchAll(/<h(\d)>/g)].map((match) => Number(match[1]))).toEqual([2, 3, 2]);
    expect(headingLevels(['#### Deep', 'text', '## Top'], 1)).toEqual([2, null, 2]);
    expect(headingLevels(['## A', '#### B', '###### C'], 1)).toEqual([2, 3, 4]);
  });

  it('keeps the readings’ own levels without a page heading given', () => {
    expect(renderToStaticMarkup(<Markdown text={'## Meaning\n\nText.'} />)).toContain('<h3>Meaning</h3>');
  });
});
