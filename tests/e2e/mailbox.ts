import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CapturedMail } from '../support/smtp.js';
import { MAIL_WAIT_CEILING_MS } from '../support/waits.js';

function readAll(folder: string): CapturedMail[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as CapturedMail);
}

function mailFolder(): string {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set: start the e2e tests with npm run test:e2e');
  return folder;
}

/** Every mail to `to` that has arrived so far, in order (e.g. to count the invoices a booking got). */
export function mailsTo(to: string): CapturedMail[] {
  return readAll(mailFolder()).filter((candidate) => candidate.to.includes(to.toLowerCase()));
}

/** Waits until a mail to `to` whose subject contains `subject` has arrived. */
export function waitForMail(to: string, subject: string, timeoutMs = MAIL_WAIT_CEILING_MS): Promise<CapturedMail> {
  return waitForNthMail(to, subject, 1, timeoutMs);
}

/** Waits for the n-th such mail (1 = the first), e.g. a link sent again after the first one. */
export async function waitForNthMail(to: string, subject: string, n: number, timeoutMs = MAIL_WAIT_CEILING_MS): Promise<CapturedMail> {
  const folder = mailFolder();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readAll(folder).filter((candidate) => candidate.to.includes(to.toLowerCase()) && candidate.subject.includes(subject));
    if (mails.length >= n) return mails[n - 1];
    if (Date.now() > deadline) throw new Error(`No mail number ${n} to ${to} with subject "${subject}" within ${timeoutMs} ms (${mails.length} arrived)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
