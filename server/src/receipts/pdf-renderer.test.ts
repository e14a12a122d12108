import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfRenderer } from './pdf-renderer.js';

/** Real Chromium (CHROMIUM_PATH, default /usr/bin/chromium): the warm browser, its relaunch, the timeout. */
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const page = (text: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>${text}</p><img src="https://example.invalid/x.png"></body></html>`;
const renderers: PdfRenderer[] = [];
const renderer = (timeoutMs = 20_000) => {
  const created = new PdfRenderer({ chromiumPath, timeoutMs, concurrency: 2 });
  renderers.push(created);
  return created;
};
const browserOf = (of: PdfRenderer) => (of as unknown as { browser: Promise<Browser> | undefined }).browser;

afterAll(async () => {
  for (const created of renderers) await created.close();
});

describe('PdfRenderer', () => {
  it('renders PDFs in one warm browser, several at once, without loading anything from the network', async () => {
    const pdfs = renderer();
    const [first, second, third] = await Promise.all([pdfs.render(page('eins')), pdfs.render(page('zwei')), pdfs.render(page('drei'))]);
    for (const pdf of [first, second, third]) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const browser = await browserOf(pdfs);
    expect(browser?.isConnected()).toBe(true);
    // Every page and context was closed again.
    expect(browser?.contexts()).toHaveLength(0);
    expect(pdfs.rendered).toBe(3);
  }, 60_000);

  it('launches a new browser when the old one is gone', async () => {
    const pdfs = renderer();
    await pdfs.render(page('vorher'));
    const before = await browserOf(pdfs);
    await before?.close();
    const after = await pdfs.render(page('nachher'));
    expect(after.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await browserOf(pdfs)).not.toBe(before);
  }, 60_000);

  it('gives up after the timeout and refuses documents once closed', async () => {
    const slow = renderer(1000);
    // A page whose layout takes long: a huge table.
    const huge = `<!DOCTYPE html><html><head></head><body><table>${'<tr><td>x</td><td>y</td></tr>'.repeat(400_000)}</table></body></html>`;
    await expect(slow.render(huge)).rejects.toThrow();
    await slow.close();
    await expect(slow.render(page('zu'))).rejects.toThrow(/closed/);
  }, 60_000);
});
