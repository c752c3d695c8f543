import type { MyProgress } from '@hunab/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { educationPlace, lessonPath } from './paths.ts';

/** "Continue where you left off": the lesson to open next, at the place the reader stopped. */
export function ContinueCard({ next }: { next: NonNullable<MyProgress['continue']> }) {
  const { t } = useTranslation('education');
  const { lang } = educationPlace(useLocation().pathname);
  return (
    <Link
      className="continue-card my-3"
      to={`${lessonPath(lang, next.course_id, next.lesson_id)}?resume=1`}
      data-testid="education-continue"
    >
      <Icon name="education" size={28} />
      <span className="flex-grow-1">
        <span className="d-block small text-body-secondary">{t('continue.label')}</span>
        <strong className="d-block" dir="auto">
          {next.lesson_title}
        </strong>
        <span className="d-block small text-body-secondary" dir="auto">
          {next.course_title}
        </span>
      </span>
      <span className="btn btn-primary btn-sm">{t('continue.action')}</span>
    </Link>
  );
}
