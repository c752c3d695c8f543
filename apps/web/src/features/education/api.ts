import type { CourseDetail, CourseSummary, LessonDetail, LessonLock, LessonStatus, MyProgress } from '@hunab/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, TIMEOUTS } from '../../lib/api.ts';
import { useSession } from '../auth/session.ts';

/** The education calls: courses, lessons and the reader's progress (docs/decisions/024-education.md). */

/** Query keys carry the user, so a sign-in or sign-out never shows another reader's locks or marks. */
export const EDUCATION_KEYS = {
  all: ['education'] as const,
  courses: (lang: string, user: string) => ['education', 'courses', lang, user] as const,
  course: (id: string, lang: string, user: string) => ['education', 'course', id, lang, user] as const,
  lesson: (course: string, lesson: string, lang: string, user: string) =>
    ['education', 'lesson', course, lesson, lang, user] as const,
  progress: (lang: string, user: string) => ['education', 'progress', lang, user] as const,
};

/** The course list's address in the language. */
export const COURSES_PATH = (lang: string) => `/education/courses?lang=${lang}`;

function useUserKey(): { user: string; signedIn: boolean } {
  const session = useSession();
  const signedIn = session.status === 'authenticated' && !!session.user && !session.user.isOfflineUser;
  return { user: signedIn ? String(session.user?.id ?? '') : 'guest', signedIn };
}

export function useCourses(lang: string) {
  const { user } = useUserKey();
  return useQuery({
    queryKey: EDUCATION_KEYS.courses(lang, user),
    queryFn: async () =>
      (await api<{ data: CourseSummary[] }>(COURSES_PATH(lang), { timeoutMs: TIMEOUTS.default })).data,
  });
}

export function useCourse(id: string | null, lang: string) {
  const { user } = useUserKey();
  return useQuery({
    queryKey: EDUCATION_KEYS.course(id ?? '', lang, user),
    queryFn: async () =>
      (
        await api<{ data: CourseDetail }>(`/education/courses/${encodeURIComponent(id ?? '')}?lang=${lang}`, {
          timeoutMs: TIMEOUTS.default,
        })
      ).data,
    enabled: id !== null,
  });
}

export function useLesson(course: string, lesson: string, lang: string) {
  const { user } = useUserKey();
  return useQuery({
    queryKey: EDUCATION_KEYS.lesson(course, lesson, lang, user),
    // A lesson closed to the reader comes back as an answer (`locked`), not as an error.
    queryFn: async () => {
      const reply = await api<{ data: LessonDetail | null; locked: LessonLock | null }>(
        `/education/courses/${encodeURIComponent(course)}/lessons/${encodeURIComponent(lesson)}?lang=${lang}`,
        { timeoutMs: TIMEOUTS.default },
      );
      return { lesson: reply.data, locked: reply.locked };
    },
    retry: (count, error) => (error as { status?: number }).status === 0 && count < 2,
  });
}

export function useMyProgress(lang: string) {
  const { user, signedIn } = useUserKey();
  return useQuery({
    queryKey: EDUCATION_KEYS.progress(lang, user),
    queryFn: async () =>
      (await api<{ data: MyProgress }>(`/education/progress?lang=${lang}`, { timeoutMs: TIMEOUTS.default })).data,
    enabled: signedIn,
  });
}

export interface ProgressInput {
  course_id: string;
  lesson_id: string;
  status: LessonStatus;
  position?: number;
}

export const saveProgress = (input: ProgressInput) =>
  api<{ success: true }>('/education/progress', { method: 'POST', body: input, timeoutMs: TIMEOUTS.default });

/** Marks a lesson; the lists and marks are read again afterwards. */
export function useSaveProgress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveProgress,
    onSuccess: (_reply, input) => {
      // A position alone changes no mark; only a status change refreshes the lists.
      if (input.status === 'completed') void client.invalidateQueries({ queryKey: EDUCATION_KEYS.all });
      else void client.invalidateQueries({ queryKey: ['education', 'progress'] });
    },
  });
}

export { useUserKey };
