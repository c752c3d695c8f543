import type { TestimonialTextsFile, TestimonialVideosFile } from '@hunab/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from './api.ts';
import type { Language } from './languages.ts';

/** Testimonials are read again after 5 minutes (spec 001 section 9). */
export const TESTIMONIALS_TTL_MS = 300_000;

export interface PublishedTestimonials {
  people: TestimonialTextsFile['people_testimonials'];
  screenshots: TestimonialTextsFile['screenshots_testimonials'];
  videos: TestimonialVideosFile['video_testimonials'];
}

/** The files sit beside the API's host: /content/... on the web, the product's host in the native app. */
const origin = API_BASE.replace(/\/api$/, '');

async function readFile<T>(url: string, empty: T): Promise<T> {
  const response = await fetch(`${origin}${url}`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) return empty;
  return (await response.json()) as T;
}

/**
 * The testimonials published in a language (spec 001 section 7): people's words, screenshots and videos. A failed
 * read is an empty list: the section then hides, as when there are none.
 */
export async function fetchTestimonials(lang: Language): Promise<PublishedTestimonials> {
  const [texts, videos] = await Promise.all([
    readFile<TestimonialTextsFile>(`/content/${lang}/products/testimonial_texts_${lang}.json`, {
      people_testimonials: [],
      screenshots_testimonials: [],
    }),
    readFile<TestimonialVideosFile>(`/content/${lang}/products/testimonial_videos_${lang}.json`, {
      video_testimonials: [],
    }),
  ]);
  const image = (path: string) => (path.startsWith('/') ? `${origin}${path}` : path);
  return {
    people: texts.people_testimonials ?? [],
    screenshots: (texts.screenshots_testimonials ?? []).map((shot) => ({ ...shot, image: image(shot.image) })),
    videos: videos.video_testimonials ?? [],
  };
}

export function useTestimonials(lang: Language) {
  return useQuery({
    queryKey: ['testimonials', lang],
    queryFn: () => fetchTestimonials(lang),
    staleTime: TESTIMONIALS_TTL_MS,
    retry: false,
  });
}
