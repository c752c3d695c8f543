import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../src/components/Markdown.tsx';
import { SIDEBAR_LESSONS, sidebarWindow } from '../src/features/education/EducationLayout.tsx';
import { lessonImage } from '../src/features/education/LessonGlyph.tsx';
import { educationPlace, lessonPath } from '../src/features/education/paths.ts';

describe('lesson Markdown', () => {
  it('draws a line of glyph images as the product’s glyphs with their captions', () => {
    const html = renderToStaticMarkup(
      <Markdown
        text={'Text.\n\n![Blue Hand](glyph:seal/7) ![Magnetic](glyph:tone/1)\n![Dali](glyph:plasma/1)'}
        image={lessonImage('en')}
      />,
    );
    expect(html).toContain('<p>Text.</p><figure class="markdown-figure">');
    expect(html.match(/data-glyph="[a-z]+-\d+"/g)).toEqual([
      'data-glyph="seal-7"',
      'data-glyph="tone-1"',
      'data-glyph="plasma-1"',
    ]);
    expect(html).toContain('aria-label="Blue Hand"');
    expect(html.match(/<svg/g)?.length).toBe(3);
  });

  it('draws nothing for an image that is not a glyph, and no figure without an image renderer', () => {
    const outside = renderToStaticMarkup(
      <Markdown text={'![x](https://example.com/a.png) ![y](glyph:seal/99)'} image={lessonImage('en')} />,
    );
    expect(outside).not.toContain('<img');
    expect(outside).not.toContain('data-glyph');
    expect(renderToStaticMarkup(<Markdown text={'![Blue Hand](glyph:seal/7)'} />)).toBe('');
  });
});

describe('the education side menu and paths', () => {
  const lessons = Array.from({ length: 14 }, (_, i) => ({ slug: i === 0 ? 'intro' : `lesson-${i}` }));

  it('shows at most ten lessons, keeping the open one inside the window', () => {
    expect(sidebarWindow(lessons, 'intro').map((l) => l.slug)).toEqual(lessons.slice(0, 10).map((l) => l.slug));
    const late = sidebarWindow(lessons, 'lesson-13');
    expect(late).toHaveLength(SIDEBAR_LESSONS);
    expect(late.at(-1)?.slug).toBe('lesson-13');
    expect(sidebarWindow(lessons, 'lesson-7').map((l) => l.slug)).toContain('lesson-7');
    expect(sidebarWindow(lessons.slice(0, 6), 'lesson-3')).toHaveLength(6);
  });

  it('reads the course and lesson of a path in any language', () => {
    expect(educationPlace('/education/courses/13-days/lesson/intro')).toEqual({
      lang: 'ru',
      course: '13-days',
      lesson: 'intro',
    });
    expect(educationPlace('/ar/education/courses/subscription')).toEqual({
      lang: 'ar',
      course: 'subscription',
      lesson: null,
    });
    expect(educationPlace('/en/education/progress').course).toBeNull();
    expect(educationPlace('/education/courses/%E0%A4%A/lesson/x').course).toBe('%E0%A4%A');
    expect(lessonPath('en', 'intro', 'lesson-2')).toBe('/en/education/courses/intro/lesson/lesson-2');
    expect(lessonPath('ru', 'intro', 'lesson-2')).toBe('/education/courses/intro/lesson/lesson-2');
  });
});
