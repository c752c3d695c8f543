/**
 * Intl writes dollars in Arabic as "\u200f29.90 US$". In a right-to-left line the sign, a neutral character between
 * the Latin "US" and the end of the line, takes the line's direction and is drawn before the letters: "$US 29.90".
 * A left-to-right mark after the sign keeps "US$" whole, so the amount reads "US$ 29.90" as Arabic readers expect.
 * Lines written left to right are left exactly as Intl wrote them.
 */
export function signKeptWithCode(text: string, rightToLeft: boolean): string {
  return rightToLeft ? text.replace(/([A-Za-z])(\p{Sc})(?!\u200e)/u, '$1$2\u200e') : text;
}
