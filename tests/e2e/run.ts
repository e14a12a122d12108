import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, dropDatabase, freePort, startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { PaymentProviderStandIns } from '../support/payment-providers.js';
import { SmtpCapture } from '../support/smtp.js';

/**
 * `npm run test:e2e`: a fresh database (on DATABASE_URL's server, else an embedded PostgreSQL), a
 * real SMTP capture, the payment provider stand-ins (tests/support/payment-providers.ts: their
 * paypages have a "Bezahlen" button that notifies the product and sends the browser back), the
 * built product (dist/) as a child process, then Playwright. Everything is
 * stopped and removed afterwards, whatever the outcome.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForServer(url: string, product: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (product.exitCode !== null) throw new Error(`Das Produkt wurde beendet (Code ${product.exitCode})`);
    try {
      const response = await fetch(`${url}/api/instances?publicInstance=true`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Das Produkt antwortet nicht unter ${url}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'buchung-e2e-'));
chmodSync(workDir, 0o755);
const mailDir = path.join(workDir, 'mail');
mkdirSync(mailDir);
let postgres: TestPostgres | undefined;
const databaseName = `e2e_${randomBytes(4).toString('hex')}`;
let product: ChildProcess | undefined;
let smtp: SmtpCapture | undefined;
let paymentProviders: PaymentProviderStandIns | undefined;
/** Credentials the stand-ins accept; a test enters them into a tenant's payment applications. */
const paymentCredentials = {
  giroCockpit: { merchantId: '3610000', projectId: '36100', secret: 'e2e-giro-projekt-schluessel' },
  pmPayment: { ags: '09162000', procedure: 'buchung', salt: 'e2e-pmpayment-salz' },
};
let exitCode = 1;

try {
  postgres = await startTestPostgres();
  const databaseUrl = await createDatabase(postgres.serverUrl, databaseName);

  // Playwright's tests run in another process: every mail is handed over as a file, written under
  // another name and renamed, so a test polling the folder never reads half a mail.
  let mailCount = 0;
  smtp = await new SmtpCapture((mail) => {
    mailCount += 1;
    const file = path.join(mailDir, `${String(mailCount).padStart(4, '0')}.json`);
    writeFileSync(`${file}.part`, JSON.stringify(mail));
    renameSync(`${file}.part`, file);
  }).start();

  paymentProviders = await new PaymentProviderStandIns().start();
  paymentProviders.addGiroProject(paymentCredentials.giroCockpit).addPmMunicipality(paymentCredentials.pmPayment);

  const port = await freePort();
  // Handed to the specs too: the check-in spec derives a ticket's entry code as the server does.
  const sessionSecret = randomBytes(32).toString('hex');
  const baseUrl = `http://127.0.0.1:${port}`;
  product = spawn(process.execPath, ['dist/server/src/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Warnings and errors only: a line per request would bury Playwright's report.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      SESSION_SECRET: sessionSecret,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      ...paymentProviders.env(),
    },
  });
  await waitForServer(baseUrl, product);

  const playwright = spawn(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_MAIL_DIR: mailDir, E2E_PAYMENTS_URL: paymentProviders.url, E2E_PAYMENT_CREDENTIALS: JSON.stringify(paymentCredentials), E2E_SESSION_SECRET: sessionSecret, E2E_DATABASE_URL: databaseUrl },
  });
  exitCode = await new Promise<number>((resolve) => playwright.once('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error('E2E-Umgebung fehlgeschlagen:', error);
  exitCode = 1;
} finally {
  if (product) await stopProcess(product);
  await smtp?.close();
  await paymentProviders?.close();
  if (postgres) {
    await dropDatabase(postgres.serverUrl, databaseName).catch((error: Error) => console.error('Datenbank nicht entfernt:', error.message));
    await postgres.stop();
  }
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
