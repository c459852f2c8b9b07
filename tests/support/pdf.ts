import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF read back as a reader would: its pages' text, line by line, and its document information. */
export async function readPdf(data: Uint8Array): Promise<{ pages: string[][]; info: Record<string, unknown>; language: string | null }> {
  const document = await getDocument({ data: new Uint8Array(data), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    const pages: string[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      // Items on one baseline make one line; a line ends where pdf.js says one does.
      const lines: string[] = [];
      let current = '';
      let lastY: number | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        if (lastY !== undefined && Math.abs(y - lastY) > 1 && current.trim()) {
          lines.push(current.trim());
          current = '';
        }
        current += current && item.str && !current.endsWith(' ') ? ` ${item.str}` : item.str;
        lastY = y;
        if (item.hasEOL && current.trim()) {
          lines.push(current.trim());
          current = '';
          lastY = undefined;
        }
      }
      if (current.trim()) lines.push(current.trim());
      pages.push(lines);
    }
    const metadata = await document.getMetadata();
    const catalogLanguage = (metadata.info as { Language?: string }).Language ?? null;
    return { pages, info: metadata.info as Record<string, unknown>, language: catalogLanguage };
  } finally {
    await document.destroy();
  }
}
