import {
  assertKinNumber,
  CASTLE_COUNT,
  castleOfKin,
  colorOfSeal,
  isGalacticPortal,
  isMysticColumn,
  KIN_COUNT,
  type KinColor,
  type Oracle,
  oracleOfKin,
  plasmaOfKin,
  sealOfKin,
  toneOfKin,
  waveSpellOfKin,
  zolkinColumnOfKin,
  zolkinRowOfKin,
} from './kin.ts';
import { calendarNames, type Language } from './names/index.ts';
import { chromaticOfKin, fifthForceKin, harmonicOfKin } from './synchronometer.ts';

export interface Named {
  readonly number: number;
  readonly name: string;
}

/** The Kin entity of the product: everything that follows from the kin number alone. */
export interface Kin {
  readonly number: number;
  /** Full name: "Red Magnetic Dragon". */
  readonly name: string;
  readonly tone: Named;
  /** The seal; the spec calls it sign (also context). */
  readonly sign: Named;
  readonly waveSpell: Named;
  /** 1 red, 2 white, 3 blue, 4 yellow. */
  readonly color: KinColor;
  readonly zolkinRow: number;
  readonly zolkinColumn: number;
  readonly isGalacticPortal: boolean;
  readonly isMysticColumn: boolean;
  /** The plasma of the plasma page, 1-5. */
  readonly plasma: number;
  readonly oracle: Readonly<Oracle>;
  /** The fifth-force (Goddess) kin of the oracle: its five kins added round the 260. */
  readonly fifthForce: Named;
  readonly harmonic: KinHarmonic;
  readonly chromatic: KinChromatic;
}

/** The kin's harmonic (1-65), its time cell and the kin's stage in it (its colour's action). */
export interface KinHarmonic {
  readonly number: number;
  readonly timeCell: Named;
  readonly stage: Named;
}

/** The kin's chromatic (1-52, the first opening with kin 260), its clan and the kin's stage in it (1 entry to 5 exit). */
export interface KinChromatic {
  readonly number: number;
  readonly clan: Named;
  readonly stage: Named;
}

function named(number: number, names: readonly string[]): Named {
  return Object.freeze({ number, name: names[number - 1] ?? '' });
}

export interface Castle extends Named {
  /** red, white, blue, yellow, green */
  readonly color: 'red' | 'white' | 'blue' | 'yellow' | 'green';
}

const CASTLE_COLORS = ['red', 'white', 'blue', 'yellow', 'green'] as const;

function buildKin(kin: number, lang: Language): Kin {
  const names = calendarNames(lang);
  const tone = toneOfKin(kin);
  const seal = sealOfKin(kin);
  const waveSpell = waveSpellOfKin(kin);
  const fifthForce = fifthForceKin(kin);
  const harmonic = harmonicOfKin(kin);
  const chromatic = chromaticOfKin(kin);
  return Object.freeze({
    number: kin,
    name: names.kinName(seal, tone),
    tone: Object.freeze({ number: tone, name: names.tones[tone - 1] ?? '' }),
    sign: Object.freeze({ number: seal, name: names.seals[seal - 1] ?? '' }),
    waveSpell: Object.freeze({ number: waveSpell, name: names.wavespells[waveSpell - 1] ?? '' }),
    color: colorOfSeal(seal),
    zolkinRow: zolkinRowOfKin(kin),
    zolkinColumn: zolkinColumnOfKin(kin),
    isGalacticPortal: isGalacticPortal(kin),
    isMysticColumn: isMysticColumn(kin),
    plasma: plasmaOfKin(kin),
    oracle: Object.freeze(oracleOfKin(kin)),
    fifthForce: Object.freeze({
      number: fifthForce,
      name: names.kinName(sealOfKin(fifthForce), toneOfKin(fifthForce)),
    }),
    harmonic: Object.freeze({
      number: harmonic.number,
      timeCell: named(harmonic.timeCell, names.timeCells),
      stage: named(harmonic.stage, names.harmonicStages),
    }),
    chromatic: Object.freeze({
      number: chromatic.number,
      clan: named(chromatic.clan, names.clans),
      stage: named(chromatic.stage, names.chromaticStages),
    }),
  });
}

/** Everything a day record shares with every other day in one language, built once and frozen. */
export interface LanguageTables {
  readonly castles: readonly Castle[];
  readonly moons: readonly string[];
  readonly radialPlasmas: readonly Named[];
}

const tables: Partial<Record<Language, LanguageTables>> = {};
/** Kin records by language, each built on its first use (a day needs one of the 260) and kept. */
const kinRecords: Partial<Record<Language, (Kin | undefined)[]>> = {};

function buildTables(lang: Language): LanguageTables {
  const names = calendarNames(lang);
  const castles: Castle[] = [];
  for (let n = 1; n <= CASTLE_COUNT; n++) {
    castles.push(
      Object.freeze({ number: n, name: names.castles[n - 1] ?? '', color: CASTLE_COLORS[n - 1] ?? 'green' }),
    );
  }
  const built: LanguageTables = Object.freeze({
    castles: Object.freeze(castles),
    moons: names.moons,
    radialPlasmas: Object.freeze(names.radialPlasmas.map((name, i) => Object.freeze({ number: i + 1, name }))),
  });
  tables[lang] = built;
  return built;
}

/** The shared tables of a language; throws a CalendarError for a language the product does not have. */
export function languageTables(lang: Language): LanguageTables {
  return tables[lang] ?? buildTables(lang);
}

/** The record of kin `kin` (1-260, not checked) in `lang`, built on first use and kept. */
export function kinRecord(kin: number, lang: Language): Kin {
  const known = kinRecords[lang]?.[kin - 1];
  if (known) return known;
  // Throws a CalendarError for a language the product does not have, before anything is kept.
  const record = buildKin(kin, lang);
  kinRecords[lang] ??= new Array<Kin | undefined>(KIN_COUNT);
  kinRecords[lang][kin - 1] = record;
  return record;
}

const fullTables: Partial<Record<Language, readonly Kin[]>> = {};

export function kinTable(lang: Language): readonly Kin[] {
  let table = fullTables[lang];
  if (!table) {
    const kins: Kin[] = [];
    for (let kin = 1; kin <= KIN_COUNT; kin++) kins.push(kinRecord(kin, lang));
    table = Object.freeze(kins);
    fullTables[lang] = table;
  }
  return table;
}

export function castleTable(lang: Language): readonly Castle[] {
  return languageTables(lang).castles;
}

/** The Kin entity of a kin number; throws 'Invalid kin number. Must be between 1 and 260.' otherwise. */
export function kinEntity(kin: number, lang: Language = 'ru'): Kin {
  assertKinNumber(kin);
  return kinRecord(kin, lang);
}

export function castleEntity(kin: number, lang: Language = 'ru'): Castle {
  assertKinNumber(kin);
  return castleTable(lang)[castleOfKin(kin) - 1] as Castle;
}
