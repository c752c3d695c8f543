import { useMemo, useState } from 'react';
import type { Language } from '../lib/languages.ts';
import { searchZones, zoneOptions } from '../lib/time-zones.ts';

export interface TimeZoneFieldProps {
  id: string;
  label: string;
  /** The label and placeholder of the search box above the list. */
  searchLabel: string;
  /** Said when the search matches no zone but the chosen one. */
  noMatch: string;
  hint?: string;
  lang: Language;
  value: string;
  onValueChange(zone: string): void;
  'data-testid'?: string;
}

/**
 * A time zone: a search box (city, zone name in the reader's language, offset or IANA id) above the list of zones,
 * the browser's own first. The list always keeps the chosen zone.
 */
export function TimeZoneField(props: TimeZoneFieldProps) {
  const { id, lang, value } = props;
  const options = useMemo(() => zoneOptions(lang), [lang]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchZones(options, query, value, lang), [options, query, value, lang]);
  const known = options.some((option) => option.id === value);
  const describedBy = [props.hint ? `${id}-hint` : null, `${id}-count`].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        type="search"
        className="form-control mb-2"
        value={query}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        aria-controls={id}
        onChange={(event) => setQuery(event.target.value)}
        data-testid={props['data-testid'] ? `${props['data-testid']}-search` : undefined}
      />
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(event) => props.onValueChange(event.target.value)}
        aria-describedby={describedBy}
        data-testid={props['data-testid']}
      >
        {!known && <option value={value}>{value}</option>}
        {shown.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      <div id={`${id}-count`} className="form-text" aria-live="polite">
        {query.trim() && shown.length <= 1 ? props.noMatch : ''}
      </div>
      {props.hint && (
        <div id={`${id}-hint`} className="form-text">
          {props.hint}
        </div>
      )}
    </div>
  );
}
