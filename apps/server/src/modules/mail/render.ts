import { isLanguage, type Language } from '@hunab/calendar';
import { EMAIL_COPY, type EmailKind } from './copy/index.ts';
import { sayDuration } from './duration.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailValues {
  name: string;
  hours?: number;
  email?: string;
  /** The product, the amount as people read it and a date, for payment emails. */
  product?: string;
  amount?: string;
  date?: string;
  /** A team's name, in an invitation. */
  team?: string;
  /** The link the button opens, for emails that have one. */
  link?: string;
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

function fill(template: string, values: EmailValues, language: Language): string {
  const duration = values.hours === undefined ? '' : sayDuration(values.hours, language);
  return template
    .replace('{{duration}}', duration)
    .replace(
      /\{\{(name|hours|email|product|amount|date|team)\}\}/g,
      (_, key: 'name' | 'hours' | 'email' | 'product' | 'amount' | 'date' | 'team') => String(values[key] ?? ''),
    );
}

/** The frame of every email: the brand line above the content, on a card every mail client shows the same. */
function page(language: Language, title: string, content: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f1ea;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1e1b2e">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#14121f">Hunab</p>
${content}
</div>
</body>
</html>`;
}

const paragraphStyle = 'margin:0 0 16px;font-size:16px;line-height:1.5';
const HTTPS_LINK = /https:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * A letter an administrator wrote: plain text, paragraphs apart by an empty line, line breaks kept, https addresses
 * made links. Nothing of the text is read as HTML: it is escaped first, and only the links are added.
 */
export function renderLetter(lang: string, subject: string, body: string): RenderedEmail {
  const language: Language = isLanguage(lang) ? lang : 'en';
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const withLinks = (text: string) => {
    let html = '';
    let last = 0;
    for (const match of text.matchAll(HTTPS_LINK)) {
      const url = escapeHtml(match[0]);
      html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" style="color:#3c7be0">${url}</a>`;
      last = match.index + match[0].length;
    }
    return `${html}${escapeHtml(text.slice(last))}`.replace(/\n/g, '<br>');
  };
  const html = page(
    language,
    subject,
    paragraphs.map((paragraph) => `<p style="${paragraphStyle}">${withLinks(paragraph)}</p>`).join('\n'),
  );
  return { subject, text: paragraphs.join('\n\n'), html };
}

/** An email in the reader's language, as plain text and as HTML that every mail client shows the same. */
export function renderEmail(kind: EmailKind, lang: string, values: EmailValues): RenderedEmail {
  const language: Language = isLanguage(lang) ? lang : 'en';
  const copy = EMAIL_COPY[language][kind];
  const line = (template: string) => fill(template, values, language);
  const paragraphs = [line(copy.greeting), line(copy.body)];
  const after = [copy.expiry ? line(copy.expiry) : '', line(copy.ignore)].filter(Boolean);

  const text = [
    ...paragraphs,
    ...(values.link ? [`${line(copy.action)}: ${values.link}`] : []),
    ...after,
    '',
    line(copy.signature),
  ].join('\n\n');

  const p = (value: string) => `<p style="${paragraphStyle}">${escapeHtml(value)}</p>`;
  const button = values.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#3c7be0;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(line(copy.action))}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#666666;word-break:break-all">${escapeHtml(values.link)}</p>`
    : '';
  const html = page(
    language,
    line(copy.subject),
    `${paragraphs.map(p).join('\n')}
${button}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;font-size:14px;color:#666666">${escapeHtml(line(copy.signature))}</p>`,
  );
  return { subject: line(copy.subject), text, html };
}
