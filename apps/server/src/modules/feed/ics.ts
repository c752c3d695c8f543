/**
 * A small RFC 5545 writer: all-day events only, which is all the feed holds. Text is escaped (section 3.3.11) and
 * lines are folded at 75 octets without splitting a UTF-8 character (section 3.1); lines end in CRLF.
 */

export interface AllDayEvent {
  uid: string;
  /** YYYY-MM-DD of the day; the event ends the next day (DTEND is exclusive). */
  date: string;
  nextDate: string;
  summary: string;
  description: string;
  categories?: string;
}

export interface CalendarHeader {
  name: string;
  description: string;
  /** UTC instant written as DTSTAMP of every event: the start of the day the feed was built. */
  stamp: Date;
}

/** UTF-8 octets of one UTF-16 code unit; a surrogate pair counts 2 + 2 = 4. */
const octetsOf = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3);

export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per physical line, continuation lines start with a space. */
export function foldLine(line: string): string {
  // A line of at most 25 code units is at most 75 octets.
  if (line.length <= 25) return line;
  let out = '';
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    const size = octetsOf(code);
    // Never between the two halves of a surrogate pair: the pair moves to the next line whole.
    const pairStart = code >= 0xd800 && code <= 0xdbff;
    const needed = pairStart ? 4 : size;
    if (octets + needed > limit) {
      out += `${line.slice(start, i)}\r\n `;
      start = i;
      octets = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    octets += size;
  }
  return start === 0 ? line : out + line.slice(start);
}

const compactDate = (date: string) => date.replaceAll('-', '');

function compactStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

export function writeCalendar(header: CalendarHeader, events: readonly AllDayEvent[]): string {
  const stamp = compactStamp(header.stamp);
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hunab//Dreamspell calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    foldLine(`X-WR-CALNAME:${escapeText(header.name)}`),
    foldLine(`X-WR-CALDESC:${escapeText(header.description)}`),
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      `DTEND;VALUE=DATE:${compactDate(event.nextDate)}`,
      foldLine(`SUMMARY:${escapeText(event.summary)}`),
      foldLine(`DESCRIPTION:${escapeText(event.description)}`),
      ...(event.categories ? [foldLine(`CATEGORIES:${escapeText(event.categories)}`)] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}
