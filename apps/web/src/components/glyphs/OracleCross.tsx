import type { Kin, Language } from '@hunab/calendar';
import { KinCard } from './KinCard.tsx';

/** The oracle of a kin as a cross: guide (driver) on top, antipode left, the kin, analog right, occult below. */
export function OracleCross({ kin, lang, testId }: { kin: Kin; lang: Language; testId: string }) {
  const { driver, antipod, analog, occult } = kin.oracle;
  const places = [
    ['driver', driver],
    ['antipod', antipod],
    ['kin', kin.number],
    ['analog', analog],
    ['occult', occult],
  ] as const;
  return (
    <div className="cross-grid mt-3" dir="ltr" data-testid={testId}>
      {places.map(([place, n]) => (
        <figure key={place} className={`cross-cell cross-${place}`} data-kin={n}>
          <KinCard kin={n} lang={lang} size="md" showName />
        </figure>
      ))}
    </div>
  );
}
