import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs } from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner.pdf-layout@example.com';
const DAY = upcomingWeekendDays(1, 4)[0] ?? '';
const PDFJS = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'));

/** A page that draws page 1 of /invoice.pdf with pdf.js on a canvas, 2 pixels a point, and says when it is done. */
const RENDER_PAGE = `<!doctype html><html><body style="margin:0"><canvas id="page"></canvas><script type="module">
import * as pdfjs from '/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
const data = new Uint8Array(await (await fetch('/invoice.pdf')).arrayBuffer());
const document_ = await pdfjs.getDocument({ data }).promise;
const page = await document_.getPage(1);
const viewport = page.getViewport({ scale: 2 });
const canvas = document.getElementById('page');
canvas.width = viewport.width;
canvas.height = viewport.height;
await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
window.rendered = true;
</script></body></html>`;

/**
 * The invoice's PDF drawn as a reader's viewer would draw it (pdf.js in Chromium), one page checked for its layout in
 * English and Spanish (issue 38): the brand's mark in its colour at the top left, the status stamp in its colour at the
 * top right, and nothing outside the page's margins. The text itself is read back in tests/integration/sales-tax.test.ts.
 */
describe("the invoice PDF's first page, drawn", () => {
  let server: ServerProcess;
  let browser: Browser;
  let files: Server;
  let filesUrl = '';
  const pdfs: Record<string, Buffer> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    const [admin, customer]: HttpCustomer[] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createBookingCustomer(server.url, 'pdf-layout'),
    ]);
    const { id } = await bookOverHttp(server.url, customer as HttpCustomer, DAY, '09:30am');
    await callAs(server.url, admin as HttpCustomer, 'PATCH', `/api/admin/appointments/${id}`, {
      isCompleted: true,
      work: {
        kind: 'troubleshooting',
        start: '09:30',
        end: '11:05',
        hardware: [{ description: 'Solid-state drive 500 GB', amount: '100' }],
      },
    });
    await callAs(server.url, admin as HttpCustomer, 'PATCH', `/api/admin/appointments/${id}`, { isPaid: true, paymentMethod: 'cash' });
    for (const language of ['en', 'es']) {
      const response = await fetch(`${server.url}/api/invoices/${encodeURIComponent(id)}/pdf?lang=${language}`, {
        headers: { cookie: (customer as HttpCustomer).cookieHeader },
      });
      expect(response.status).toBe(200);
      pdfs[language] = Buffer.from(await response.arrayBuffer());
    }
    let current = 'en';
    files = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/draw-')) current = url.pathname.slice('/draw-'.length);
      if (url.pathname.startsWith('/draw-')) return response.writeHead(200, { 'content-type': 'text/html' }).end(RENDER_PAGE);
      if (url.pathname === '/invoice.pdf') return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdfs[current]);
      if (url.pathname === '/pdf.mjs' || url.pathname === '/pdf.worker.mjs') {
        return response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(path.join(PDFJS, url.pathname.slice(1))));
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => files?.close(resolve));
    await releaseBrowser(browser);
    await server?.stop();
  });

  it.each(['en', 'es'])('has the mark, the PAID stamp and every mark inside the margins (%s)', async (language) => {
    const { page, context, consoleErrors } = await openPage(browser);
    try {
      await page.goto(`${filesUrl}/draw-${language}`);
      await page.waitForFunction(() => (window as { rendered?: boolean }).rendered === true, undefined, { timeout: 20_000 });
      const drawn = await page.evaluate(() => {
        const canvas = document.getElementById('page') as HTMLCanvasElement;
        const context2d = canvas.getContext('2d') as CanvasRenderingContext2D;
        const { width, height } = canvas;
        const pixels = context2d.getImageData(0, 0, width, height).data;
        const at = (x: number, y: number) => {
          const offset = (Math.round(y) * width + Math.round(x)) * 4;
          return [pixels[offset] ?? 0, pixels[offset + 1] ?? 0, pixels[offset + 2] ?? 0];
        };
        const hex = ([r, g, b]: number[]) => `#${[r, g, b].map((value) => (value ?? 0).toString(16).padStart(2, '0')).join('')}`;
        // 2 pixels a point; the margin is 56 points.
        const margin = 56 * 2;
        let outside = 0;
        let stampPixels = 0;
        for (let y = 0; y < height; y += 2) {
          for (let x = 0; x < width; x += 2) {
            const [r, g, b] = at(x, y);
            const ink = (r ?? 255) < 200 || (g ?? 255) < 200 || (b ?? 255) < 200;
            if (ink && (x < margin - 4 || x > width - margin + 4 || y < margin - 4 || y > height - margin + 4)) outside += 1;
            // The PAID stamp's green, in the top right quarter.
            if (
              x > width / 2 &&
              y < height / 4 &&
              Math.abs((r ?? 0) - 0x1e) < 24 &&
              Math.abs((g ?? 0) - 0x6b) < 24 &&
              Math.abs((b ?? 0) - 0x34) < 24
            )
              stampPixels += 1;
          }
        }
        // The mark's square: 30 points from the top-left margin; a pixel near its corner is the brand's colour.
        return { width, height, outside, stampPixels, markCorner: hex(at(margin + 4, margin + 4)) };
      });
      expect(drawn.width).toBe(612 * 2);
      expect(drawn.height).toBe(792 * 2);
      expect(drawn.markCorner).toBe('#0b4f6c');
      expect(drawn.stampPixels).toBeGreaterThan(100);
      expect(drawn.outside).toBe(0);
      // SAVE_INVOICE_DRAWING=<folder> keeps the drawing to look at.
      if (process.env.SAVE_INVOICE_DRAWING) {
        await page.screenshot({ path: path.join(process.env.SAVE_INVOICE_DRAWING, `invoice-${language}.png`), fullPage: true });
      }
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
