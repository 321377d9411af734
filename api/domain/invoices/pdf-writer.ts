// The few shapes every DATA PIT PDF is drawn with (invoices, credit notes, statements), on pdfkit
// with its built-in Helvetica, so no font file has to be shipped or found at run time beyond the
// package's own data (the server bundle keeps packages external: pdfkit reads them from node_modules).
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

const INK = '#111111';
const DIM = '#666666';
const RULE = '#bbbbbb';
const LEFT = 50;
const WIDTH = 495; // A4 (595 pt) less two 50 pt margins

// The built-in fonts draw WinAnsi only: anything else (a CJK title, an emoji) would come out as
// garbage glyphs, so it is shown as "?" instead.
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
export const printable = (text: string) => [...text].map((ch) => (ch.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(ch) ? ch : '?')).join('');

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/** Draws a document with `draw` and answers its bytes. `title` becomes the PDF's Title (its number). */
export async function renderPdf(title: string, draw: (pdf: Pdf) => void, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'A4', margin: LEFT, compress: opts.compress ?? true, info: { Title: title, Author: 'DATA PIT', Creator: 'DATA PIT' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.font('Helvetica').fillColor(INK);
  draw(pdf);
  pdf.end();
  return done;
}

/** The brand line and the document's title with its number. */
export function heading(pdf: Pdf, title: string, number: string) {
  pdf.font('Helvetica-Bold').fontSize(10).fillColor(DIM).text('DATA PIT  ·  data marketplace', LEFT, 50);
  pdf.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(printable(title), LEFT, 70);
  pdf.font('Helvetica').fontSize(11).text(printable(number), LEFT, 96);
  pdf.moveDown(1.5);
}

/** Label: value lines, e.g. issued date, method. */
export function facts(pdf: Pdf, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = pdf.y;
    pdf.font('Helvetica').fontSize(9).fillColor(DIM).text(printable(label), LEFT, y, { width: 120 });
    pdf.font('Helvetica').fontSize(9).fillColor(INK).text(printable(value), LEFT + 125, y, { width: WIDTH - 125 });
  }
  pdf.moveDown(0.8);
}

/** Two blocks side by side (seller, billed to). */
export function parties(pdf: Pdf, left: { title: string; lines: string[] }, right: { title: string; lines: string[] }) {
  const top = pdf.y;
  const half = WIDTH / 2 - 10;
  const block = (x: number, p: { title: string; lines: string[] }) => {
    pdf.font('Helvetica-Bold').fontSize(9).fillColor(DIM).text(printable(p.title.toUpperCase()), x, top, { width: half });
    pdf.font('Helvetica').fontSize(10).fillColor(INK).text(printable(p.lines.filter(Boolean).join('\n')), x, pdf.y + 2, { width: half });
    return pdf.y;
  };
  const bottom = Math.max(block(LEFT, left), block(LEFT + half + 20, right));
  pdf.y = bottom;
  pdf.moveDown(1.2);
}

/** A table with a header row and a rule under it; rows wrap in their column. */
export function table(pdf: Pdf, columns: Column[], rows: string[][]) {
  const row = (cells: string[], font: string, color: string) => {
    const top = pdf.y;
    let x = LEFT;
    let bottom = top;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      pdf.font(font).fontSize(9).fillColor(color).text(printable(cell), x, top, { width: col.width - 6, align: col.align ?? 'left' });
      bottom = Math.max(bottom, pdf.y);
      x += col.width;
    });
    pdf.y = bottom + 4;
    if (pdf.y > 760) pdf.addPage();
  };
  row(columns.map((c) => c.label), 'Helvetica-Bold', DIM);
  rule(pdf);
  for (const cells of rows) row(cells, 'Helvetica', INK);
  rule(pdf);
}

/** Label and amount lines at the right (subtotal, fee, total); the last one bold. */
export function totals(pdf: Pdf, rows: [string, string][]) {
  rows.forEach(([label, value], i) => {
    const y = pdf.y;
    const font = i === rows.length - 1 ? 'Helvetica-Bold' : 'Helvetica';
    pdf.font(font).fontSize(10).fillColor(INK).text(printable(label), LEFT + 245, y, { width: 150, align: 'right' });
    pdf.font(font).fontSize(10).text(printable(value), LEFT + 395, y, { width: 100, align: 'right' });
  });
  pdf.moveDown(1.5);
}

/** Small print under the figures. */
export function note(pdf: Pdf, text: string) {
  pdf.font('Helvetica').fontSize(8).fillColor(DIM).text(printable(text), LEFT, pdf.y, { width: WIDTH });
  pdf.moveDown(0.5);
}

function rule(pdf: Pdf) {
  pdf.moveTo(LEFT, pdf.y).lineTo(LEFT + WIDTH, pdf.y).lineWidth(0.5).strokeColor(RULE).stroke();
  pdf.y += 4;
}
