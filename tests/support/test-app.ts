import { createTestDatabase, type TestDatabase } from './database.js';
import { startInProcessApp, type InProcessApp } from './app.js';
import { SmtpCapture } from './smtp.js';

export interface TestApp extends InProcessApp {
  db: TestDatabase;
  smtp: SmtpCapture;
}

/**
 * For one test file: its own database (a copy of the migrated template), an SMTP capture and the
 * app wired to both. Call `close()` in afterAll: it stops all three and drops the database.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const smtp = await new SmtpCapture().start();
  try {
    const app = await startInProcessApp({ databaseUrl: db.url, smtpPort: smtp.port, env });
    return {
      ...app,
      db,
      smtp,
      close: async () => {
        try {
          await app.close();
        } finally {
          await smtp.close();
          await db.drop();
        }
      },
    };
  } catch (error) {
    await smtp.close();
    await db.drop();
    throw error;
  }
}
