/**
 * The drawing of the spec's 30 Moon phase images: image n shows the Moon about n - 0.5 days after the true new moon,
 * lit from the right while it waxes and from the left while it wanes (as seen from the northern hemisphere, the way
 * calendars draw it). The geometry lives here, apart from the SVG, so a test can hold it.
 */

/** The mean synodic month, in days: only the share of the cycle each image stands for is taken from it. */
const SYNODIC_MONTH = 29.530588861;
const R = 40;
const CX = 50;
const CY = 50;

/** The share of the lunation (0 new, 0.5 full, 1 new again) at the middle of phase image 1-30. */
export function phaseShareOfImage(image: number): number {
  const clamped = Math.min(30, Math.max(1, Math.round(image)));
  return Math.min(0.999, (clamped - 0.5) / SYNODIC_MONTH);
}

/** The lit fraction of the disc at a share of the lunation: 0 at new moon, 1 at full. */
export function illuminatedFraction(share: number): number {
  return (1 - Math.cos(2 * Math.PI * share)) / 2;
}

/**
 * The lit part of the disc as an SVG path in a 100 × 100 box (centre 50 50, radius 40): half the rim on the lit
 * side, closed by the terminator, a half ellipse whose width is |cos| of the phase angle. Empty near new moon.
 */
export function litPath(image: number): string {
  const share = phaseShareOfImage(image);
  const fraction = illuminatedFraction(share);
  if (fraction < 0.02) return '';
  const waxing = share < 0.5;
  const rx = Math.abs(Math.cos(2 * Math.PI * share)) * R;
  const top = `${CX} ${CY - R}`;
  const bottom = `${CX} ${CY + R}`;
  // Rim: from the top down the lit side (right while waxing: clockwise, sweep 1; left while waning: sweep 0).
  const rimSweep = waxing ? 1 : 0;
  // Terminator back up: a crescent bows towards the lit side, a gibbous Moon bulges away from it.
  const gibbous = fraction > 0.5;
  const terminatorSweep = gibbous === waxing ? 1 : 0;
  return `M${top}A${R} ${R} 0 0 ${rimSweep} ${bottom}A${rx.toFixed(2)} ${R} 0 0 ${terminatorSweep} ${top}Z`;
}
