import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's mark and name at the start of a header, leading home. */
export function BrandLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand" aria-label={t('app.home')}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Hunab</span>
    </Link>
  );
}
