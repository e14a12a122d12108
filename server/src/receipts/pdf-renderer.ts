import type { Browser, BrowserContext } from 'playwright-core';

/**
 * HTML to PDF with headless Chromium (playwright-core and the system's browser). One browser per
 * process, launched on the first document and kept warm (a launch costs about a second); every
 * document gets its own context and page, closed afterwards, so nothing of one tenant's document
 * is left for the next. A browser that crashed or was closed is launched again on the next
 * document. At most `concurrency` pages render at once; the others wait.
 *
 * The templates are the tenants' own HTML with customer data: the page runs without JavaScript,
 * offline, and with a Content-Security-Policy that allows only inline styles and data: URLs, so a
 * template can neither fetch from the network nor read local files.
 */

export interface PdfRendererOptions {
  chromiumPath: string;
  timeoutMs: number;
  concurrency: number;
}

/** Inserted as the first element of <head>. */
const CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline' data:; img-src data:; font-src data:" />`;

export function withContentSecurityPolicy(htmlDocument: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(htmlDocument);
  if (head) return htmlDocument.slice(0, head.index + head[0].length) + CSP + htmlDocument.slice(head.index + head[0].length);
  return `${CSP}${htmlDocument}`;
}

export class PdfTimeoutError extends Error {}

/** The browser went away while it rendered (crash, killed): the document is tried once more in a new one. */
class BrowserLostError extends Error {}

export class PdfRenderer {
  private browser: Promise<Browser> | undefined;
  private closed = false;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Documents rendered by this process (the benchmark reports it). */
  rendered = 0;

  constructor(private readonly options: PdfRendererOptions) {}

  async render(htmlDocument: string): Promise<Buffer> {
    if (this.closed) throw new Error('PDF renderer closed');
    await this.slot();
    try {
      return await this.renderOnce(htmlDocument).catch((error: unknown) => {
        if (!(error instanceof BrowserLostError) || this.closed) throw error;
        return this.renderOnce(htmlDocument);
      });
    } finally {
      this.release();
    }
  }

  private async renderOnce(htmlDocument: string): Promise<Buffer> {
    let browser = await this.launched();
    if (!browser.isConnected()) {
      // Gone before its "disconnected" event was handled.
      this.browser = undefined;
      browser = await this.launched();
    }
    let context: BrowserContext | undefined;
    let abandoned = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new PdfTimeoutError(`PDF nicht binnen ${this.options.timeoutMs} ms erstellt`)), this.options.timeoutMs);
    });
    try {
      const work = (async () => {
        const created = await browser.newContext({ javaScriptEnabled: false, offline: true });
        if (abandoned) {
          await created.close().catch(() => undefined);
          throw new PdfTimeoutError('PDF abandoned');
        }
        context = created;
        const page = await context.newPage();
        await page.setContent(withContentSecurityPolicy(htmlDocument), { waitUntil: 'load', timeout: this.options.timeoutMs });
        return page.pdf({ format: 'A4', printBackground: true, margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' } });
      })();
      // The page is closed below either way; a late rejection of the abandoned work is not an error.
      work.catch(() => undefined);
      const pdf = await Promise.race([work, timeout]).catch((error: unknown) => {
        throw browser.isConnected() || error instanceof PdfTimeoutError ? error : new BrowserLostError((error as Error).message);
      });
      this.rendered += 1;
      return pdf;
    } finally {
      abandoned = true;
      clearTimeout(timer);
      await (context as BrowserContext | undefined)?.close().catch(() => undefined);
    }
  }

  /** The warm browser, launched when there is none (first use, after a crash or a close). */
  private launched(): Promise<Browser> {
    if (!this.browser) {
      // Loaded on the first document: a server that never renders one does not load the driver.
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
        executablePath: this.options.chromiumPath,
        headless: true,
        // Chromium's sandbox needs user namespaces that containers rarely grant; the pages run no
        // script and load nothing, which is what keeps a template in check.
        chromiumSandbox: false,
        args: ['--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-extensions'],
        timeout: this.options.timeoutMs,
      }),
      );
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
          }),
        () => {
          if (this.browser === launching) this.browser = undefined;
        },
      );
    }
    return this.browser;
  }

  private async slot(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiting document.
    if (next) next();
    else this.active -= 1;
  }

  /** Closes the browser (server shutdown); documents asked for afterwards are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await browser.then((running) => running.close()).catch(() => undefined);
  }
}
