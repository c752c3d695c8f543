/** The longest user-chosen name a letter quotes; longer ones end in an ellipsis. */
export const QUOTED_NAME_MAX = 40;

/**
 * A name someone chose (a team's, a person's), made safe to quote in a letter to another person: cut to `max`
 * characters, line breaks flattened, and anything a mail program could turn into a link broken: the scheme's colon,
 * the dot before a domain's label and "@" are bracketed, so "https://evil.example/login" reads
 * "https[:]//evil[.]example/login" and is never clickable.
 */
export function inertText(value: string, max = QUOTED_NAME_MAX): string {
  const flat = value.replace(/[\s\u2028\u2029]+/g, ' ').trim();
  const cut =
    [...flat].length > max
      ? `${[...flat]
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : flat;
  return cut
    .replace(/([a-z][a-z0-9+.-]*):(?=\/\/)/gi, '$1[:]')
    .replace(/(?<=[\p{L}\p{N}-])[.。．｡](?=\p{L})/gu, '[.]')
    .replace(/@/g, '[@]');
}
