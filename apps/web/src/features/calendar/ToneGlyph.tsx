const WIDTH = 60;
const ROW_HEIGHT = 12;

/** A tone in Maya dot-and-bar notation: one bar per five, one dot per unit left over (tone mod 5). */
export function ToneGlyph({ tone, label }: { tone: number; label: string }) {
  const bars = Math.floor(tone / 5);
  const dots = tone % 5;
  const height = (bars + (dots > 0 ? 1 : 0)) * ROW_HEIGHT;
  const dotCentres = Array.from({ length: dots }, (_, i) => (WIDTH / (dots + 1)) * (i + 1));
  const barTops = Array.from({ length: bars }, (_, i) => (dots > 0 ? ROW_HEIGHT : 0) + i * ROW_HEIGHT + 2);
  return (
    <svg
      className="tone-glyph"
      viewBox={`0 0 ${WIDTH} ${height}`}
      width={WIDTH}
      height={height}
      role="img"
      aria-label={label}
    >
      {dotCentres.map((cx) => (
        <circle key={`dot-${cx}`} cx={cx} cy={ROW_HEIGHT / 2} r={4} />
      ))}
      {barTops.map((y) => (
        <rect key={`bar-${y}`} x={4} y={y} width={WIDTH - 8} height={7} rx={3} />
      ))}
    </svg>
  );
}
