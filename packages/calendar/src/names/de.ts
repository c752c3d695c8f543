import type { CalendarNames } from './types.ts';

/** Seal name = colour adjective (strong ending, no article) + noun: "Roter Drache", "Blaue Nacht". */
const SEALS = [
  'Roter Drache',
  'Weißer Wind',
  'Blaue Nacht',
  'Gelber Samen',
  'Rote Schlange',
  'Weißer Weltenüberbrücker',
  'Blaue Hand',
  'Gelber Stern',
  'Roter Mond',
  'Weißer Hund',
  'Blauer Affe',
  'Gelber Mensch',
  'Roter Himmelswanderer',
  'Weißer Magier',
  'Blauer Adler',
  'Gelber Krieger',
  'Rote Erde',
  'Weißer Spiegel',
  'Blauer Sturm',
  'Gelbe Sonne',
] as const;

/** Grammatical gender of each seal noun. */
const GENDER: readonly ('m' | 'f' | 'n')[] = [
  'm',
  'm',
  'f',
  'm',
  'f', // Drache, Wind, Nacht, Samen, Schlange
  'm',
  'f',
  'm',
  'm',
  'm', // Weltenüberbrücker, Hand, Stern, Mond, Hund
  'm',
  'm',
  'm',
  'm',
  'm', // Affe, Mensch, Himmelswanderer, Magier, Adler
  'm',
  'f',
  'm',
  'm',
  'f', // Krieger, Erde, Spiegel, Sturm, Sonne
];

/** Strong adjective ending in the nominative, without article. */
const ENDING = { m: 'er', f: 'e', n: 'es' } as const;

/** Tones as said alone; all but Oberton (5) and Kristall (12) are adjective stems that take the ending. */
const TONES = [
  'Magnetisch',
  'Lunar',
  'Elektrisch',
  'Selbst-existierend',
  'Oberton',
  'Rhythmisch',
  'Resonant',
  'Galaktisch',
  'Solar',
  'Planetar',
  'Spektral',
  'Kristall',
  'Kosmisch',
] as const;

/** Oberton is a noun: it does not decline and is joined to the noun with a hyphen. */
function isNounTone(tone: number): boolean {
  return tone === 5;
}

/** The stem a tone takes inside a kin name: Kristall becomes the adjective kristallen, never "Kristall-Nacht". */
function toneStem(tone: number): string {
  return tone === 12 ? 'Kristallen' : (TONES[tone - 1] ?? '');
}

export const de: CalendarNames = {
  seals: SEALS,
  sealKeywords: [
    { power: 'Geburt', action: 'Nähren', essence: 'Sein' },
    { power: 'Geist', action: 'Kommunizieren', essence: 'Atem' },
    { power: 'Fülle', action: 'Träumen', essence: 'Intuition' },
    { power: 'Erblühen', action: 'Zielen', essence: 'Bewusstheit' },
    { power: 'Lebenskraft', action: 'Überleben', essence: 'Instinkt' },
    { power: 'Tod', action: 'Ausgleichen', essence: 'Gelegenheit' },
    { power: 'Vollendung', action: 'Wissen', essence: 'Heilung' },
    { power: 'Eleganz', action: 'Verschönern', essence: 'Kunst' },
    { power: 'Universelles Wasser', action: 'Reinigen', essence: 'Fluss' },
    { power: 'Herz', action: 'Lieben', essence: 'Loyalität' },
    { power: 'Magie', action: 'Spielen', essence: 'Illusion' },
    { power: 'Freier Wille', action: 'Beeinflussen', essence: 'Weisheit' },
    { power: 'Raum', action: 'Erforschen', essence: 'Wachheit' },
    { power: 'Zeitlosigkeit', action: 'Verzaubern', essence: 'Empfänglichkeit' },
    { power: 'Vision', action: 'Erschaffen', essence: 'Verstand' },
    { power: 'Intelligenz', action: 'Hinterfragen', essence: 'Furchtlosigkeit' },
    { power: 'Navigation', action: 'Entwickeln', essence: 'Synchronizität' },
    { power: 'Endlosigkeit', action: 'Reflektieren', essence: 'Ordnung' },
    { power: 'Selbsterzeugung', action: 'Katalysieren', essence: 'Energie' },
    { power: 'Universelles Feuer', action: 'Erleuchten', essence: 'Leben' },
  ],
  tones: TONES,
  toneKeywords: [
    { power: 'Vereinen', action: 'Anziehen', essence: 'Bestimmung' },
    { power: 'Polarisieren', action: 'Stabilisieren', essence: 'Herausforderung' },
    { power: 'Aktivieren', action: 'Verbinden', essence: 'Dienst' },
    { power: 'Definieren', action: 'Messen', essence: 'Form' },
    { power: 'Ermächtigen', action: 'Befehligen', essence: 'Ausstrahlung' },
    { power: 'Organisieren', action: 'Ausgleichen', essence: 'Gleichheit' },
    { power: 'Kanalisieren', action: 'Inspirieren', essence: 'Einstimmung' },
    { power: 'Harmonisieren', action: 'Vorbild sein', essence: 'Integrität' },
    { power: 'Pulsieren', action: 'Verwirklichen', essence: 'Absicht' },
    { power: 'Vervollkommnen', action: 'Hervorbringen', essence: 'Manifestation' },
    { power: 'Auflösen', action: 'Freisetzen', essence: 'Befreiung' },
    { power: 'Widmen', action: 'Universalisieren', essence: 'Zusammenarbeit' },
    { power: 'Überdauern', action: 'Transzendieren', essence: 'Präsenz' },
  ],
  // "Blaue Nacht" + tone 1 -> "Blaue Magnetische Nacht"; tone 5 -> "Blaue Oberton-Nacht"; tone 12 -> "Blaue Kristallene Nacht".
  kinName(seal, tone) {
    const name = SEALS[seal - 1] ?? '';
    const cut = name.indexOf(' ');
    const colour = name.slice(0, cut);
    const noun = name.slice(cut + 1);
    const stem = toneStem(tone);
    if (isNounTone(tone)) return `${colour} ${stem}-${noun}`;
    return `${colour} ${stem}${ENDING[GENDER[seal - 1] ?? 'm']} ${noun}`;
  },
  colors: ['Rot', 'Weiß', 'Blau', 'Gelb'],
  moons: [
    'Magnetischer Mond der Fledermaus',
    'Lunarer Mond des Skorpions',
    'Elektrischer Mond des Hirsches',
    'Selbst-existierender Mond der Eule',
    'Oberton-Mond des Pfaus',
    'Rhythmischer Mond der Eidechse',
    'Resonanter Mond des Affen',
    'Galaktischer Mond des Falken',
    'Solarer Mond des Jaguars',
    'Planetarer Mond des Hundes',
    'Spektraler Mond der Schlange',
    'Kristallener Mond des Hasen',
    'Kosmischer Mond der Schildkröte',
  ],
  totems: [
    'Fledermaus',
    'Skorpion',
    'Hirsch',
    'Eule',
    'Pfau',
    'Eidechse',
    'Affe',
    'Falke',
    'Jaguar',
    'Hund',
    'Schlange',
    'Hase',
    'Schildkröte',
  ],
  radialPlasmas: ['Dali', 'Seli', 'Gamma', 'Kali', 'Alpha', 'Limi', 'Silio'],
  // Genitive: "des Roten Drachen", "der Blauen Hand", "des Gelben Samens".
  wavespells: [
    'Welle des Roten Drachen',
    'Welle des Weißen Magiers',
    'Welle der Blauen Hand',
    'Welle der Gelben Sonne',
    'Welle des Roten Himmelswanderers',
    'Welle des Weißen Weltenüberbrückers',
    'Welle des Blauen Sturms',
    'Welle des Gelben Menschen',
    'Welle der Roten Schlange',
    'Welle des Weißen Spiegels',
    'Welle des Blauen Affen',
    'Welle des Gelben Samens',
    'Welle der Roten Erde',
    'Welle des Weißen Hundes',
    'Welle der Blauen Nacht',
    'Welle des Gelben Kriegers',
    'Welle des Roten Mondes',
    'Welle des Weißen Windes',
    'Welle des Blauen Adlers',
    'Welle des Gelben Sterns',
  ],
  castles: [
    'Rotes Östliches Schloss des Drehens',
    'Weißes Nördliches Schloss des Überquerens',
    'Blaues Westliches Schloss des Brennens',
    'Gelbes Südliches Schloss des Gebens',
    'Grünes Zentrales Schloss der Verzauberung',
  ],
  timeCells: ['Eingabe', 'Speicher', 'Verarbeitung', 'Ausgabe', 'Matrix'],
  harmonicStages: ['Initiiert', 'Verfeinert', 'Verwandelt', 'Reift'],
  clans: ['Feuer-Clan', 'Blut-Clan', 'Wahrheits-Clan', 'Himmels-Clan'],
  chromaticStages: ['Eingang', 'Öffnung', 'Mitte', 'Schließung', 'Ausgang'],
  moonPhases: [
    'Neumond',
    'Zunehmende Sichel',
    'Erstes Viertel',
    'Zunehmender Mond',
    'Vollmond',
    'Abnehmender Mond',
    'Letztes Viertel',
    'Abnehmende Sichel',
  ],
  synchronometer: {
    psiKin: 'Psi-Chrono',
    fifthForce: 'Fünfte Kraft',
    harmonic: 'Harmonische',
    chromatic: 'Chromatik',
    timeCell: 'Zeitzelle',
    clan: 'Clan',
    newSirius: 'Neues-Sirius-Datum',
    heptad: 'Heptade',
    heptadGate: 'Heptadentor',
    moonPhase: 'Mondphase',
    nextNewMoon: 'Nächster Neumond',
    nextFullMoon: 'Nächster Vollmond',
  },
  dayOutOfTime: 'Tag außerhalb der Zeit',
  hunabKu: '0.0 Hunab Ku',
};
