import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CapturedMail } from '../support/smtp.js';

function readAll(folder: string): CapturedMail[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as CapturedMail);
}

/** Waits until a mail to `to` whose subject contains `subject` has arrived. */
export async function waitForMail(to: string, subject: string, timeoutMs = 15_000): Promise<CapturedMail> {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set: start the e2e tests with npm run test:e2e');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readAll(folder).find((candidate) => candidate.to.includes(to.toLowerCase()) && candidate.subject.includes(subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with subject "${subject}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
