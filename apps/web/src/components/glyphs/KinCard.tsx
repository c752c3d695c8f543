import { kinEntity, type Language } from '@hunab/calendar';
import { memo } from 'react';
import { inRange } from './GlyphSvg.tsx';
import { SealGlyph, sealColor, sealFromSprite } from './SealGlyph.tsx';
import { ToneGlyph, toneFromSprite } from './ToneGlyph.tsx';
import { WarningSymbol } from './WarningSymbol.tsx';

/** Words of the card's screen-reader label, so a grid of 260 cards needs no translation hook. */
const WORDS: Readonly<
  Record<Language, { kin: string; portal: string; mystic: string; selected: string; invalid: string }>
> = {
  ru: {
    kin: 'Кин',
    portal: 'Портал галактической активации',
    mystic: 'Мистическая колонна',
    selected: 'выбран',
    invalid: 'Нет такого кина: нужен номер от 1 до 260',
  },
  en: {
    kin: 'Kin',
    portal: 'Galactic Activation Portal',
    mystic: 'Mystic Column',
    selected: 'selected',
    invalid: 'No such kin: a number from 1 to 260 is needed',
  },
  es: {
    kin: 'Kin',
    portal: 'Portal de Activación Galáctica',
    mystic: 'Columna Mística',
    selected: 'seleccionado',
    invalid: 'Kin no válido: se necesita un número del 1 al 260',
  },
  pt: {
    kin: 'Kin',
    portal: 'Portal de Ativação Galáctica',
    mystic: 'Coluna Mística',
    selected: 'selecionado',
    invalid: 'Kin inválido: é preciso um número de 1 a 260',
  },
  de: {
    kin: 'Kin',
    portal: 'Galaktisches Aktivierungsportal',
    mystic: 'Mystische Säule',
    selected: 'ausgewählt',
    invalid: 'Ungültiges Kin: eine Zahl von 1 bis 260 ist nötig',
  },
  ja: {
    kin: 'キン',
    portal: '銀河の活性化の入口',
    mystic: '神秘の柱',
    selected: '選択中',
    invalid: '無効なキンです（1〜260の番号が必要です）',
  },
  zh: {
    kin: 'Kin',
    portal: '银河启动之门',
    mystic: '神秘之柱',
    selected: '已选择',
    invalid: '无效的 Kin：需要 1 到 260 的编号',
  },
  ar: {
    kin: 'الكين',
    portal: 'بوابة التنشيط المجري',
    mystic: 'العمود الصوفي',
    selected: 'محدد',
    invalid: 'كين غير صالح: يلزم رقم من 1 إلى 260',
  },
};

/** Seal width in px per card size; the tone above it is 0.8 of that wide. */
const SEAL_SIZE = { sm: 24, md: 48, lg: 96 } as const;

export interface KinCardProps {
  kin: number;
  lang: Language;
  size?: 'sm' | 'md' | 'lg';
  /** Shows the kin's name under the number; on by default for 'lg' only. */
  showName?: boolean;
  onClick?: (kin: number) => void;
  selected?: boolean;
  /** Marks drawn on the card (off unless given): a Galactic Activation Portal, a kin of the Mystic Column. */
  marks?: { portal?: boolean; mystic?: boolean };
  /** Draws the tone and seal from the page's glyph sprite, which the page renders once (GlyphSprite.tsx). */
  sprite?: boolean;
}

/**
 * The kin card of the product: the tone above the seal, the kin number and optionally its name, in the seal's
 * colour. A button when onClick is given (aria-pressed carries "selected"); otherwise one labelled image. Portal and
 * Mystic Column marks and the selected state are drawn and named in the label. A kin outside 1-260 (0, 261, 1.5)
 * shows the warning symbol instead. No hooks, memoised on its plain props: fit for a grid of 260.
 */
function KinCardView({
  kin,
  lang,
  size = 'md',
  showName = size === 'lg',
  onClick,
  selected = false,
  marks,
  sprite = false,
}: KinCardProps) {
  const words = WORDS[lang] ?? WORDS.en;
  const seal = SEAL_SIZE[size];
  if (!inRange(kin, 260)) {
    return (
      <div className={`kin-card kin-card-${size} is-invalid`} data-testid="kin-card" data-kin="invalid">
        <WarningSymbol label={words.invalid} size={seal} />
      </div>
    );
  }
  const entity = kinEntity(kin, lang);
  const portal = marks?.portal === true;
  const mystic = marks?.mystic === true;
  const color = sealColor(entity.sign.number);
  let label = `${words.kin} ${kin}, ${entity.name}`;
  if (portal) label += `, ${words.portal}`;
  if (mystic) label += `, ${words.mystic}`;
  if (selected && !onClick) label += `, ${words.selected}`;
  let className = `kin-card kin-card-${size} kin-${color}`;
  if (selected) className += ' is-selected';
  if (portal) className += ' is-portal';
  if (mystic) className += ' is-mystic';

  const toneSize = Math.round(seal * 0.8);
  // From the sprite the two glyphs are plain <svg><use> elements, drawn by a call rather than two components each.
  const tone = sprite ? (
    toneFromSprite(entity.tone.number, toneSize, 'kin-card-tone')
  ) : (
    <ToneGlyph tone={entity.tone.number} size={toneSize} label="" decorative className="kin-card-tone" />
  );
  const sealGlyph = sprite ? (
    sealFromSprite(entity.sign.number, seal)
  ) : (
    <SealGlyph seal={entity.sign.number} size={seal} label="" decorative />
  );
  const body = (
    <>
      {tone}
      <span className="kin-card-seal">
        {sealGlyph}
        {portal && <span className="kin-card-portal" />}
      </span>
      <span className="kin-card-number">{kin}</span>
      {showName && <span className="kin-card-name">{entity.name}</span>}
    </>
  );
  if (onClick) {
    return (
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-pressed={selected}
        data-testid="kin-card"
        data-kin={kin}
        onClick={() => onClick(kin)}
      >
        {body}
      </button>
    );
  }
  return (
    <div className={className} role="img" aria-label={label} data-testid="kin-card" data-kin={kin}>
      {body}
    </div>
  );
}

const sameProps = (a: KinCardProps, b: KinCardProps): boolean =>
  a.kin === b.kin &&
  a.lang === b.lang &&
  a.size === b.size &&
  a.showName === b.showName &&
  a.onClick === b.onClick &&
  a.selected === b.selected &&
  a.marks?.portal === b.marks?.portal &&
  a.marks?.mystic === b.marks?.mystic;

export const KinCard = memo(KinCardView, sameProps);
