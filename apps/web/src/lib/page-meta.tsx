import { formatDate, today } from '@hunab/calendar';
import { shareImageOf } from '@hunab/contracts';
import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { LANGUAGE_CONFIG, type Language } from './languages.ts';
import { matchRoute } from './route-match.ts';

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

const IMAGE_TAGS = [
  ['property', 'og:image'],
  ['property', 'og:image:width'],
  ['property', 'og:image:height'],
  ['name', 'twitter:card'],
] as const;

/** The share image's tags: set for a page that has one, taken away on a page that has none (they would be another's). */
function setImage(image: string | null): void {
  const values = [`${window.location.origin}${image}`, '1200', '630', 'summary_large_image'];
  IMAGE_TAGS.forEach(([attribute, key], index) => {
    if (image) setMeta(attribute, key, values[index] ?? '');
    else document.head.querySelector(`meta[${attribute}="${key}"]`)?.remove();
  });
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
  const { pathname, search } = useLocation();
  // The address is followed too: a page with the same title at another address has another og:url.
  const address = pathname + search;
  if (collector) collector.head = { title, description, ogLocale, ogType };
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', ogType);
    setMeta('property', 'og:locale', ogLocale);
    setMeta('property', 'og:url', `${window.location.origin}${address}`);
    setMeta('property', 'og:site_name', 'Hunab');
    setImage(shareImageOf(matchRoute(pathname).entry.page ?? '', pathname, lang, formatDate(today())));
  }, [title, description, ogType, ogLocale, address, pathname, lang]);
}
