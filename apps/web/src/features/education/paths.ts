import { type Language, localizedPath, splitLanguage } from '../../lib/languages.ts';

/** Where in the education area a path is: its language, course and lesson. */
export interface EducationPlace {
  lang: Language;
  course: string | null;
  lesson: string | null;
}

const decoded = (part: string | undefined): string | null => {
  if (!part) return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

export function educationPlace(pathname: string): EducationPlace {
  const { lang, path: bare } = splitLanguage(pathname);
  const match = /^\/education\/courses\/([^/]+)(?:\/lesson\/([^/]+))?\/?$/.exec(bare);
  return {
    lang,
    course: decoded(match?.[1]),
    lesson: decoded(match?.[2]),
  };
}

export const coursePath = (lang: Language, course: string) => localizedPath(lang, `/education/courses/${course}`);

export const lessonPath = (lang: Language, course: string, lesson: string) =>
  localizedPath(lang, `/education/courses/${course}/lesson/${lesson}`);

export const educationPath = (lang: Language, path: '' | '/progress' | '/subscription-required') =>
  localizedPath(lang, `/education${path}`);
