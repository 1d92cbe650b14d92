/**
 * Bank data travels in SEPA's Latin character set (EPC: `a-z A-Z 0-9 / - ? : ( ) . , ' +` and space; German banks
 * also take the umlauts, ß, `&`, `*`, `$` and `%`). A name in another script or with other letters is converted the
 * way banks do it (ł → l, ș → s, Đorđe → Djordje, Дмитрий → Dmitriy, Γιώργος → Giorgos); a character with no Latin form (an emoji,
 * a Chinese or Arabic letter) cannot be sent at all. The forms name such a character, and show the converted name for
 * the customer to confirm before it is sent (docs/money.md "Names at the bank").
 */
const ALLOWED = /^[A-Za-z0-9/\-?:().,'+ ÄÖÜäöüß&*$%]$/;

const SPECIAL: Record<string, string> = {
  ł: 'l', ı: 'i', đ: 'dj', ø: 'o', æ: 'ae', œ: 'oe', þ: 'th', ð: 'd', ħ: 'h', ŀ: 'l', ŋ: 'ng', ĸ: 'k', ſ: 's', ŧ: 't',
  ʻ: "'", ʼ: "'", ʾ: "'", ʿ: "'", '‘': "'", '’': "'", '‚': "'", '`': "'", '´': "'", '"': "'", '“': "'", '”': "'", '„': "'",
  '–': '-', '—': '-', '‐': '-', '‑': '-', '_': '-', '\u00a0': ' ', '·': '.', '…': '...', '#': '', ';': ',', '!': '.',
  // Greek (ELOT 743, simplified)
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o',
  π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
  // Cyrillic: Russian, Ukrainian, Belarusian, Serbian, Macedonian, Bulgarian (as on passports, simplified)
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'yi', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ў: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch',
  ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz',
  ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
};

/** One character in SEPA's set, or null when it has no Latin form. */
function convert(char: string): string | null {
  if (ALLOWED.test(char)) return char;
  const lower = char.toLowerCase();
  const special = SPECIAL[char] ?? SPECIAL[lower];
  if (special !== undefined) {
    if (SPECIAL[char] !== undefined || lower === char) return special;
    // A capital: the first letter capital ("Ж" → "Zh").
    return special.charAt(0).toUpperCase() + special.slice(1);
  }
  // Accents and other marks go ("é" → "e", "ș" → "s", "ώ" → "ω" → "o").
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
  if (bare !== char && bare !== '') {
    const converted = [...bare].map(convert);
    return converted.every((part) => part !== null) ? converted.join('') : null;
  }
  if (/\s/u.test(char)) return ' ';
  return null;
}

export interface SepaText {
  /** What the bank gets (whitespace collapsed, trimmed). */
  text: string;
  /** The first character that has no Latin form (null: everything can be sent). */
  refused: string | null;
}

/** The text as SEPA carries it. Umlauts and ß stay (German banks take them); unchanged text is sent as typed. */
export function toSepaText(value: string): SepaText {
  let text = '';
  let refused: string | null = null;
  // Greek "ου" is one sound, "ou" (Παπαδόπουλος → Papadopoulos); accents go first so "ού" counts too.
  const greek = value.normalize('NFC').replace(/[οΟ][υύΥΎ]/gu, (pair) => (pair.startsWith('Ο') ? 'Ou' : 'ou'));
  for (const char of greek) {
    const converted = convert(char);
    if (converted === null) {
      refused ??= char;
      continue;
    }
    text += converted;
  }
  return { text: text.replace(/\s+/g, ' ').trim(), refused };
}

/** What the customer typed, tidied the same way (for comparing with the converted name). */
export const tidyName = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim();

/** True when the bank would get the name exactly as typed: no review needed. */
export const sentAsTyped = (value: string) => toSepaText(value).text === tidyName(value);
