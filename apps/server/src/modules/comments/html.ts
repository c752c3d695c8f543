/**
 * The HTML of a comment, made from its plain text: everything the author typed is escaped, then the only markup
 * added is the product's own (<br> for line breaks, <a> for http(s) links), so no tag, handler or script URL of
 * theirs can survive.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A link candidate: http(s)://... or www.... up to whitespace or a character that cannot end a bare URL. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = '.,!?;:»«)]}';

const countOf = (text: string, c: string) => text.split(c).length - 1;

function trimLink(candidate: string): string {
  let link = candidate;
  for (let last = link.at(-1); last && TRAILING.includes(last); last = link.at(-1)) {
    // A closing parenthesis the address opened stays: https://en.wikipedia.org/wiki/Maya_(people)
    if (last === ')' && countOf(link, '(') >= countOf(link, ')')) break;
    link = link.slice(0, -1);
  }
  return link;
}

function safeHref(link: string): string | null {
  try {
    const bare = link.toLowerCase().startsWith('www.');
    const url = new URL(bare ? `https://${link}` : link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A bare www. needs a real host after it (www.example.org), not just "www.".
    if (bare && url.hostname.split('.').filter(Boolean).length < 3) return null;
    return url.href;
  } catch {
    return null;
  }
}

const textHtml = (text: string) => escapeHtml(text).replace(/\r\n?|\n/g, '<br>');

export function commentHtml(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const link = trimLink(match[0]);
    const href = link ? safeHref(link) : null;
    if (!href) continue;
    html += textHtml(text.slice(at, match.index));
    html += `<a href="${escapeHtml(href)}" rel="nofollow noopener noreferrer ugc" target="_blank">${escapeHtml(link)}</a>`;
    at = match.index + link.length;
  }
  return html + textHtml(text.slice(at));
}
