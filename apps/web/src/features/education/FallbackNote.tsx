import { useTranslation } from 'react-i18next';
import { LANGUAGE_CONFIG } from '../../lib/languages.ts';

/** Says so when a text is shown in another language than the reader's (English, or Russian for the intro). */
export function FallbackNote({ shown, asked }: { shown: string; asked: string }) {
  const { t } = useTranslation('education');
  if (shown === asked) return null;
  const name = LANGUAGE_CONFIG[shown as keyof typeof LANGUAGE_CONFIG]?.nativeName ?? shown;
  return (
    <p className="alert alert-info small py-2" data-testid="education-fallback">
      {t('fallback', { language: name })}
    </p>
  );
}
