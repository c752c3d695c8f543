import './bar-chart.css';

export interface Bar {
  label: string;
  value: number;
  /** The name a screen reader gives the bar; the label if absent. */
  title?: string;
}

/**
 * A small bar chart drawn as SVG: no chart library. The bars scale to the largest value; each bar carries a title
 * for pointer and screen-reader users, and the figure a label. Right-to-left pages draw it mirrored by CSS direction
 * of the figure, not of the drawing, so the order of bars stays the order of time.
 */
export function BarChart({ bars, label, testId }: { bars: Bar[]; label: string; testId?: string }) {
  const width = 320;
  const height = 120;
  const top = 14;
  const bottom = 18;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const step = width / Math.max(1, bars.length);
  const barWidth = Math.max(2, step * 0.7);
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      direction="ltr"
    >
      {bars.map((bar, i) => {
        const h = ((height - top - bottom) * bar.value) / max;
        const x = i * step + (step - barWidth) / 2;
        const y = height - bottom - h;
        return (
          <g key={bar.label} data-value={bar.value}>
            <title>{`${bar.title ?? bar.label}: ${bar.value}`}</title>
            <rect className="bar" x={x} y={y} width={barWidth} height={Math.max(h, bar.value ? 1 : 0)} rx={2} />
            {bar.value > 0 && (
              <text x={x + barWidth / 2} y={y - 3} textAnchor="middle">
                {bar.value}
              </text>
            )}
            <text x={x + barWidth / 2} y={height - 5} textAnchor="middle">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
