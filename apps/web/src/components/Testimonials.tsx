import { useTranslation } from 'react-i18next';
import type { Language } from '../lib/languages.ts';
import { useTestimonials } from '../lib/testimonials.ts';

/**
 * What readers said, as administrators approved it: their words, their screenshots and their videos (linked to the
 * video's own page, so no outside player loads here). Nothing is shown while there is none.
 */
export function Testimonials({ lang, className }: { lang: Language; className?: string }) {
  const { t } = useTranslation();
  const query = useTestimonials(lang);
  const data = query.data;
  if (!data || data.people.length + data.screenshots.length + data.videos.length === 0) return null;
  return (
    <section
      className={`testimonials ${className ?? ''}`}
      aria-labelledby="testimonials-title"
      data-testid="testimonials"
    >
      <h2 className="h3" id="testimonials-title">
        {t('testimonials.title')}
      </h2>
      <div className="testimonials-grid">
        {data.people.map((item) => (
          <figure className="testimonial" key={item.id} data-testid="testimonial">
            <blockquote className="mb-2">{item.text}</blockquote>
            <figcaption className="text-body-secondary">— {item.name}</figcaption>
          </figure>
        ))}
        {data.screenshots.map((item) => (
          <figure className="testimonial testimonial-screenshot" key={item.id} data-testid="testimonial-screenshot">
            <img
              src={item.image}
              width={item.width}
              height={item.height}
              loading="lazy"
              decoding="async"
              alt={t('testimonials.screenshotOf', { name: item.name })}
            />
            {item.text && <blockquote className="mt-2 mb-1">{item.text}</blockquote>}
            <figcaption className="text-body-secondary">— {item.name}</figcaption>
          </figure>
        ))}
        {data.videos.map((item) => (
          <figure className="testimonial" key={item.id} data-testid="testimonial-video">
            <a href={item.url} target="_blank" rel="noopener noreferrer" className="testimonial-video-link">
              {item.title || t('testimonials.watch', { name: item.name })}
            </a>
            <figcaption className="text-body-secondary">— {item.name}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
