/**
 * Generated SVG logos: a team's short name (or initials) on a shield in its two colours, a sport's name
 * on a roundel. No downloaded artwork: the logos are drawn from the reference data alone.
 * @module
 */

/** Colours and text of a monogram. */
export interface MonogramInput {
  /** Text to show (2 to 4 characters read best; longer text is cut to 4). */
  text: string;
  /** Background colour `#rrggbb`. */
  primary: string;
  /** Ring colour `#rrggbb`. */
  secondary: string;
  /** Accessible title (the full name). */
  title: string;
  /** Shield for teams, circle for sports. */
  shape?: 'shield' | 'circle';
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

function normalizeHex(color: string, fallback: string): string {
  const match = HEX.exec(color.trim());
  if (!match?.[1]) return fallback;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return `#${hex.toLowerCase()}`;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Picks white or near-black text, whichever reads better on `background`. */
export function readableTextColor(background: string): '#ffffff' | '#111111' {
  const bg = normalizeHex(background, '#333333');
  return contrastRatio(bg, '#ffffff') >= contrastRatio(bg, '#111111') ? '#ffffff' : '#111111';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Initials of a name: "Green Bay Packers" → "GBP" (at most 3 letters). */
export function initials(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);
}

/**
 * Draws a monogram logo as an SVG document.
 *
 * @example
 * ```ts
 * monogramSvg({ text: 'GB', primary: '#203731', secondary: '#FFB612', title: 'Green Bay Packers' });
 * ```
 */
export function monogramSvg(input: MonogramInput): string {
  const primary = normalizeHex(input.primary, '#333333');
  let secondary = normalizeHex(input.secondary, '#ffffff');
  // A ring the same as the background would vanish: fall back to the text colour.
  if (contrastRatio(primary, secondary) < 1.3) secondary = readableTextColor(primary);
  const fg = readableTextColor(primary);
  const text = escapeXml((input.text.trim() || '?').slice(0, 4).toUpperCase());
  const size = text.length <= 2 ? 40 : text.length === 3 ? 32 : 25;
  const shape =
    input.shape === 'circle'
      ? `<circle cx="50" cy="50" r="46" fill="${primary}" stroke="${secondary}" stroke-width="7"/>`
      : `<path d="M50 4 L92 16 V48 C92 74 73 89 50 96 C27 89 8 74 8 48 V16 Z" fill="${primary}" stroke="${secondary}" stroke-width="6" stroke-linejoin="round"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" role="img">',
    `<title>${escapeXml(input.title)}</title>`,
    shape,
    `<text x="50" y="52" fill="${fg}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" dominant-baseline="central">${text}</text>`,
    '</svg>',
  ].join('');
}
