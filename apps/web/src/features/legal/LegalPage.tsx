import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localizedPath, splitLanguage } from '../../lib/languages.ts';
import { usePageHead } from '../../lib/page-meta.tsx';
import './legal.css';

/** A section of a written legal text: a heading and its paragraphs, some of them lists. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
  /** Paragraphs that follow the list. */
  after?: string[];
}

type Document = 'privacy' | 'terms';

function documentOf(path: string): Document | null {
  if (path === '/legal/privacy') return 'privacy';
  if (path === '/legal/terms') return 'terms';
  return null;
}

export function Sections({ sections }: { sections: LegalSection[] }) {
  return sections.map((section, index) => (
    <section key={section.heading} className="legal-section" aria-labelledby={`legal-${index}`}>
      <h2 className="h5" id={`legal-${index}`}>
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.items && (
        <ul>
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.after?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  ));
}

/** /legal, /legal/privacy and /legal/terms: the index and the two texts, in the reader's language. */
export default function LegalPage() {
  const { t } = useTranslation('legal');
  const { lang, path } = splitLanguage(useLocation().pathname);
  const document = documentOf(path);
  const key = document ?? 'index';
  usePageHead(lang, t(`${key}.title`), t(`${key}.description`), document ? 'article' : 'website');
  if (!document) {
    return (
      <article className="legal-page" data-testid="legal-index">
        <h1 className="h2">{t('index.title')}</h1>
        <p className="lead">{t('index.lead')}</p>
        <ul className="legal-index list-unstyled">
          {(['privacy', 'terms'] as const).map((name) => (
            <li key={name}>
              <Link className="h5 d-inline-block" to={localizedPath(lang, `/legal/${name}`)}>
                {t(`${name}.title`)}
              </Link>
              <p className="text-body-secondary">{t(`${name}.description`)}</p>
            </li>
          ))}
          <li>
            <Link className="h5 d-inline-block" to={localizedPath(lang, '/about')}>
              {t('about.title')}
            </Link>
            <p className="text-body-secondary">{t('about.description')}</p>
          </li>
        </ul>
        <p className="small text-body-secondary">{t('index.contact')}</p>
      </article>
    );
  }
  const sections = t(`${document}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <article className="legal-page" data-testid={`legal-${document}`}>
      <p className="small">
        <Link to={localizedPath(lang, '/legal')}>{t('index.title')}</Link>
      </p>
      <h1 className="h2">{t(`${document}.title`)}</h1>
      <p className="small text-body-secondary">{t('updated', { date: t('version') })}</p>
      <p className="lead">{t(`${document}.intro`)}</p>
      <Sections sections={Array.isArray(sections) ? sections : []} />
      <p className="small text-body-secondary">{t('index.contact')}</p>
    </article>
  );
}
