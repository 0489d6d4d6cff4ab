export interface LabelColours {
  background: string;
  color: string;
}

/**
 * GitHub's label colour ("d73a4a", with or without '#') as a background, with black or white text, whichever
 * reads better on it. Null when there is no usable colour.
 */
export function labelColours(colour: string | null): LabelColours | null {
  const hex = colour?.replace(/^#/, '') ?? '';
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  const background = `#${hex.toLowerCase()}`;
  const light = relativeLuminance(hex);
  // Contrast against black is (L + 0.05) / 0.05 and against white 1.05 / (L + 0.05); pick the larger.
  const color = (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) ? '#000000' : '#ffffff';
  return { background, color };
}

function relativeLuminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
