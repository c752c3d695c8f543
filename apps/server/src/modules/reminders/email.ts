import type { Language } from '@hunab/calendar';
import type { RenderedEmail } from '../mail/render.ts';
import { type ReminderContent, reminderWords } from './message.ts';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The daily reminder as text and HTML, with the day's link and the one-click unsubscribe link. */
export function reminderEmail(
  content: ReminderContent,
  lang: Language,
  links: { day: string; unsubscribe: string },
): RenderedEmail {
  const words = reminderWords(lang);
  const text = [
    ...content.lines,
    `${words.open}: ${links.day}`,
    '',
    words.why,
    `${words.unsubscribe}: ${links.unsubscribe}`,
  ].join('\n\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const p = (value: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f1ea;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#1e1b2e">
<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#14121f">Hunab</p>
${content.lines.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(links.day)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#3c7be0;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(words.open)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#666666">${escapeHtml(words.why)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#666666">${escapeHtml(words.unsubscribe)}</a></p>
</div>
</body>
</html>`;
  return { subject: content.title, text, html };
}
