import './insights.css';

export interface Point {
  label: string;
  value: number;
}

/**
 * A small line chart drawn as SVG, no chart library: the points scaled to the largest value, the area under them
 * filled, the first and last labels and the largest value written. It takes the width of its column (a phone's
 * included) and keeps the order of time left to right on right-to-left pages too.
 */
export function LineChart({
  points,
  label,
  testId,
  format = (value) => String(value),
}: {
  points: readonly Point[];
  label: string;
  testId?: string;
  format?: (value: number) => string;
}) {
  const width = 320;
  const height = 110;
  const pad = { top: 4, bottom: 2, side: 4 };
  const max = Math.max(1, ...points.map((point) => point.value));
  const step = points.length > 1 ? (width - pad.side * 2) / (points.length - 1) : 0;
  const xy = points.map((point, i) => {
    const x = pad.side + i * step;
    const y = height - pad.bottom - ((height - pad.top - pad.bottom) * point.value) / max;
    return [x, y] as const;
  });
  const line = xy.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const first = xy[0];
  const last = xy.at(-1);
  const area = first && last ? `M${first[0]},${height - pad.bottom} L${line} L${last[0]},${height - pad.bottom} Z` : '';
  return (
    <figure className="insights-figure mb-0" data-testid={testId} data-points={points.length}>
      <div className="small text-body-secondary">{format(max)}</div>
      <svg
        className="insights-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${label}: ${points.map((point) => `${point.label} ${format(point.value)}`).join(', ')}`}
        direction="ltr"
        preserveAspectRatio="none"
      >
        <line className="axis" x1={0} x2={width} y1={height - pad.bottom} y2={height - pad.bottom} />
        {area && <path className="area" d={area} />}
        {line && <polyline className="line" points={line} />}
      </svg>
      {/* The time axis runs left to right in every language, as the line does. */}
      <figcaption className="d-flex justify-content-between small text-body-secondary" dir="ltr">
        <span>{points[0]?.label}</span>
        {points.length > 1 && <span>{points.at(-1)?.label}</span>}
      </figcaption>
    </figure>
  );
}

/** Shares of a total as horizontal bars: names that wrap and bars that shrink on a phone. */
export function BarList({ rows, label }: { rows: ReadonlyArray<{ name: string; count: number }>; label: string }) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <ul className="insights-bars list-unstyled mb-0" aria-label={label}>
      {rows.map((row) => (
        <li key={row.name} className="mb-1">
          <div className="d-flex justify-content-between gap-2 small">
            <span className="text-break">{row.name}</span>
            <span className="text-body-secondary">{row.count}</span>
          </div>
          <div className="insights-bar-track">
            <div className="insights-bar" style={{ width: `${(100 * row.count) / max}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
