import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const file = (pkg: string, weight: '400Regular' | '700Bold', name: string) => require.resolve(`@expo-google-fonts/${pkg}/${weight}/${name}_${weight}.ttf`);

/**
 * Noto fonts (SIL OFL) for every name the product accepts: Latin, Greek and Cyrillic with their
 * accents first, then Devanagari, then Chinese (which also has Japanese kana and the CJK
 * punctuation). A character is printed in the first font that has it; one that none has falls
 * back to the first (a box, never a crash). Only the glyphs used are embedded.
 */
const FAMILIES = [
  { name: 'latin', pkg: 'noto-sans', file: 'NotoSans' },
  { name: 'devanagari', pkg: 'noto-sans-devanagari', file: 'NotoSansDevanagari' },
  { name: 'cjk', pkg: 'noto-sans-sc', file: 'NotoSansSC' },
] as const;

export type Weight = 'regular' | 'bold';

// Parsed once per process and shared by every document (pdfkit takes a fontkit font as it is):
// parsing the fonts again for each PDF cost most of its render time.
const parsed = new Map<string, fontkit.Font>();
const open = (path: string) => {
  let font = parsed.get(path);
  if (!font) {
    font = fontkit.openSync(path) as fontkit.Font;
    parsed.set(path, font);
  }
  return font;
};

export interface FontFace {
  /** The name the document registers it under. */
  id: string;
  /** The parsed font, opened on first use (the CJK one is 10 MB). */
  font: () => fontkit.Font;
}

export const FONT_FACES: FontFace[] = FAMILIES.flatMap((f) => [
  { id: `${f.name}-regular`, font: () => open(file(f.pkg, '400Regular', f.file)) },
  { id: `${f.name}-bold`, font: () => open(file(f.pkg, '700Bold', f.file)) },
]);

// Which characters each family has: the regular face's cmap stands for both weights.
const familyCache = new Map<number, string>();
function familyOf(cp: number): string {
  let name = familyCache.get(cp);
  if (name === undefined) {
    name = FAMILIES.find((f) => open(file(f.pkg, '400Regular', f.file)).hasGlyphForCodePoint(cp))?.name ?? FAMILIES[0].name;
    familyCache.set(cp, name);
  }
  return name;
}

/**
 * Common characters every family draws, combining marks and joiners: they join the run before them
 * instead of starting a new one (a Devanagari cluster cut in two would not be shaped).
 */
const NEUTRAL = /[\s\d.,:;()/\-–—'"&+#%@\u200c\u200d]|\p{M}/u;

/** The text cut into runs, each with the face that draws it. */
export function fontRuns(text: string, weight: Weight): { face: string; text: string }[] {
  const runs: { face: string; text: string }[] = [];
  for (const ch of text) {
    const last = runs.at(-1);
    const family = last && NEUTRAL.test(ch) ? last.face.slice(0, last.face.lastIndexOf('-')) : familyOf(ch.codePointAt(0)!);
    const face = `${family}-${weight}`;
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}
