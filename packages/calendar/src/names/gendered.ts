/**
 * A kin name as Spanish and Portuguese say it: the seal's noun, then the tone agreeing with the noun's gender, then
 * the colour ("Noche Azul" + tone 1: "Noche Magnética Azul"). `seals` are "noun colour" with the colour last.
 */
export function nounToneColour(
  seals: readonly string[],
  gender: readonly ('m' | 'f')[],
  tones: readonly string[],
  tonesFeminine: readonly string[],
) {
  return (seal: number, tone: number): string => {
    const name = seals[seal - 1] ?? '';
    const cut = name.lastIndexOf(' ');
    const noun = name.slice(0, cut);
    const colour = name.slice(cut + 1);
    const toneWord = gender[seal - 1] === 'f' ? tonesFeminine[tone - 1] : tones[tone - 1];
    return `${noun} ${toneWord ?? ''} ${colour}`;
  };
}
