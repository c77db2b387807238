import { createRequire as createModuleRequire } from 'node:module';
import path from 'node:path';
import type { Content, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { postalAddress, type CompanyData } from '@serwis/domain';

export type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/** pdfmake 0.3's server build: one configured instance (its @types still describe 0.2). */
interface PdfMake {
  setFonts(fonts: TFontDictionary): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

// Named apart from `require`: the server bundle's banner declares that one already.
const loadModule = createModuleRequire(import.meta.url);

/**
 * Roboto as pdfmake ships it on npm: it has every Polish letter (ą ć ę ł ń ó ś ź ż), and nothing is
 * fetched at run time. The files are read from node_modules both from sources and from dist/.
 */
function robotoFonts(): TFontDictionary {
  const dir = path.dirname(loadModule.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
  const file = (name: string) => path.join(dir, `Roboto-${name}.ttf`);
  return {
    Roboto: {
      normal: file('Regular'),
      bold: file('Medium'),
      italics: file('Italic'),
      bolditalics: file('MediumItalic'),
    },
  };
}

let instance: PdfMake | undefined;
let fontDir: string | undefined;

function pdfmake(): PdfMake {
  if (!instance) {
    instance = loadModule('pdfmake') as PdfMake;
    const fonts = robotoFonts();
    fontDir = path.dirname(String(fonts.Roboto.normal));
    instance.setFonts(fonts);
    // Documents carry their images inline (data URLs); nothing is read from the network or disk
    // except the fonts.
    instance.setUrlAccessPolicy(() => false);
    instance.setLocalAccessPolicy((p) => Boolean(fontDir) && path.resolve(p).startsWith(fontDir!));
  }
  return instance;
}

/** Renders a document definition to PDF bytes. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake().createPdf(doc).getBuffer();
}

/** "ul. Źródlana 5, 90-001 Łódź · NIP … · REGON … · tel. … · e-mail · www" */
export function companyLines(company: CompanyData): string[] {
  const address = postalAddress(company.street, company.zipCode, company.city);
  const ids = [company.nip && `NIP ${company.nip}`, company.regon && `REGON ${company.regon}`]
    .filter(Boolean)
    .join(' · ');
  const contact = [company.phone && `tel. ${company.phone}`, company.email, company.www]
    .filter(Boolean)
    .join(' · ');
  return [address, ids, contact].filter(Boolean);
}

/** The company header every PDF opens with ("Dane firmy"). */
export function companyHeader(company: CompanyData, logo?: string): Content {
  const identity: Content = {
    stack: [
      { text: company.name || ' ', bold: true, fontSize: 12 },
      ...companyLines(company).map((line) => ({ text: line, fontSize: 8, color: '#444444' })),
    ],
  };
  if (!logo) return { ...identity, margin: [0, 0, 0, 4] };
  return {
    columns: [
      { image: logo, fit: [110, 48], width: 120 },
      { ...identity, width: '*' },
    ],
    columnGap: 10,
    margin: [0, 0, 0, 4],
  };
}

/** A section's heading: never the last thing on a page (a4Document moves it to the next one). */
export const sectionHeading = (text: string): Content => ({ text, style: 'section', headlineLevel: 1 });

/** The page number line's id: the footer is not what follows a heading on its page. */
const FOOTER_ID = 'page-footer';

/** A node as pdfmake 0.3 describes it before each page break (its @types describe 0.2's). */
interface NodeInfo {
  id?: string;
  headlineLevel?: number;
  table?: unknown;
  columns?: unknown;
  stack?: boolean;
  ul?: unknown;
  ol?: unknown;
}

/**
 * What is drawn itself (a text, a line, a picture), not a container: a table that does not fit
 * starts on the page before its rows go to the next one (kept with its header row).
 */
const drawn = (node: NodeInfo) =>
  node.id !== FOOTER_ID && !node.table && !node.columns && !node.stack && !node.ul && !node.ol;

/** A heading with nothing drawn after it on its page starts the next page. */
const headingAloneAtPageEnd = (node: NodeInfo, queries: { getFollowingNodesOnPage(): NodeInfo[] }) =>
  node.headlineLevel === 1 && !queries.getFollowingNodesOnPage().some(drawn);

/**
 * An A4 document with the company header on top of the first page and "Strona X z Y" (after the
 * footer label, when given) at the bottom of every page; reuse it for every PDF (protocols, label
 * sheets).
 */
export function a4Document(options: {
  company: CompanyData;
  /** The company logo ("Dane firmy"), a PNG or JPEG data URL; none when empty. */
  logo?: string;
  title: string;
  content: Content[];
  info?: { subject?: string; author?: string };
  /**
   * What the document is, before the page number on every page ("Protokół serwisowy nr 7/12/2026"):
   * a page that holds only the signatures still says whose they are.
   */
  footerLabel?: string;
}): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: options.title, ...options.info },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 14, bold: true, margin: [0, 8, 0, 6] },
      section: { fontSize: 11, bold: true, margin: [0, 10, 0, 4] },
      th: { bold: true, fillColor: '#eeeeee' },
      small: { fontSize: 8, color: '#444444' },
    },
    content: [
      companyHeader(options.company, options.logo),
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.5 }] },
      ...options.content,
    ],
    pageBreakBefore: headingAloneAtPageEnd as unknown as TDocumentDefinitions['pageBreakBefore'],
    footer: (currentPage: number, pageCount: number) => ({
      id: FOOTER_ID,
      text: `${options.footerLabel ? `${options.footerLabel}  ·  ` : ''}Strona ${currentPage} z ${pageCount}`,
      alignment: 'center',
      fontSize: 8,
      margin: [0, 20, 0, 0],
    }),
  };
}
