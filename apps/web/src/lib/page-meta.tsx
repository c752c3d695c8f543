import { createContext, useContext, useEffect } from 'react';
import { LANGUAGE_CONFIG, type Language } from './languages.ts';

/** What a page says of itself to search engines and link previews: its title, description and Open Graph tags. */
export interface PageHead {
  title: string;
  description: string;
  ogLocale: string;
  ogType: 'website' | 'article';
}

/**
 * On the server a collector is provided and the page writes its head into it while rendering, so the HTML is sent
 * with the right title and tags; in the browser there is none and the document's head is updated after the render.
 */
export const PageHeadCollector = createContext<{ head: PageHead | null } | null>(null);

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  if (tag.content !== content) tag.content = content;
}

export const documentTitle = (title: string) => (title ? `${title} · Hunab` : 'Hunab');

/** The page's title, description and Open Graph tags, on the server's HTML and in the browser's document. */
export function usePageHead(
  lang: Language,
  title: string,
  description: string,
  ogType: PageHead['ogType'] = 'website',
): void {
  const collector = useContext(PageHeadCollector);
  const ogLocale = LANGUAGE_CONFIG[lang].ogLocale;
  if (collector) collector.head = { title, description, ogLocale, ogType };
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', ogType);
    setMeta('property', 'og:locale', ogLocale);
    setMeta('property', 'og:url', window.location.href.split('#')[0] ?? '');
  }, [title, description, ogType, ogLocale]);
}
