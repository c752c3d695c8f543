import type { ReactNode } from 'react';
import type { Reading } from '../lib/readings.ts';
import { Markdown } from './Markdown.tsx';

const block = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A reading as the product shows it: title, keywords and text, under a faint watermark (opacity 0.02), with
 * copying, selection and the context menu turned off (spec 001 section 9).
 */
export function ReadingView({
  reading,
  children,
  watermark,
}: {
  reading: Reading;
  children?: ReactNode;
  watermark: string;
}) {
  return (
    <article
      className="reading protected-content"
      data-source={reading.source}
      data-testid="reading"
      onCopy={block}
      onCut={block}
      onContextMenu={block}
      onDragStart={block}
    >
      {/* Drawn by CSS from the attribute: a mark on the page, not text of it (nor text to check for contrast). */}
      <div className="reading-watermark" aria-hidden="true" data-mark={watermark} />
      <h2 className="reading-title">{reading.title}</h2>
      {reading.keywords.length > 0 && (
        <p className="reading-keywords">
          {reading.keywords.map((word) => (
            <span key={word} className="badge rounded-pill">
              {word}
            </span>
          ))}
        </p>
      )}
      {reading.summary && <p className="lead reading-summary">{reading.summary}</p>}
      <div className="reading-body">
        <Markdown text={reading.body} />
      </div>
      {children}
    </article>
  );
}
