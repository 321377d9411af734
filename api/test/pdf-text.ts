import zlib from 'node:zlib';

// Reads a PDF the way a test needs to: its text, from the content streams pdfkit writes (Flate
// compressed or not; text as hex strings in TJ arrays, one byte per character in WinAnsi).

/** The text of every TJ/Tj operator, in order, one string per operator. */
export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n([^]*?)\r?\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const bytes = Buffer.from(m[2]!, 'latin1');
    let content: string;
    try {
      content = (m[1]!.includes('/FlateDecode') ? zlib.inflateSync(bytes) : bytes).toString('latin1');
    } catch {
      continue; // not a stream we can read (a font), and text is never there
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      texts.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return texts;
}

/** All the text of a PDF joined by spaces: for `toContain`. */
export const pdfText = (pdf: Buffer) => pdfTexts(pdf).join(' ');
