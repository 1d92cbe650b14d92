import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, as a reader's copy-and-paste would get it (Mozilla's PDF.js reads the fonts' ToUnicode maps):
 * every page's text items joined by spaces, whitespace collapsed, Unicode in NFC.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ').normalize('NFC');
}

/** Names from the languages of Germany's largest communities, with the letters Latin-1 lacks. */
export const NAMES_OF_GERMANYS_COMMUNITIES = [
  'Mehmet Yılmaz', // Turkish
  'Ayşe Çağlar-Öztürk',
  'İbrahim Şahin',
  'Łukasz Wójcik', // Polish
  'Zofia Świątek-Brzęczyszczykiewicz',
  'Дмитрий Иванов', // Russian
  'Олена Ґудзь-Їжакевич', // Ukrainian
  'ʿAbd al-Raḥmān al-Hāšimī', // Arabic, transliterated (DIN 31635)
  'Đorđe Petrović', // Serbian/Croatian
  'Ђорђе Јовановић', // Serbian Cyrillic
  'Željko Šimić',
  'Γιώργος Παπαδόπουλος', // Greek
  'Niccolò Carità', // Italian
  'Ștefan Țîrlea', // Romanian
  'Nguyễn Thị Ánh', // Vietnamese
  'Trần Đức Hưng',
] as const;
