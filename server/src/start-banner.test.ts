import { describe, expect, it } from 'vitest';
import { startBanner, type StartBannerFacts } from './start-banner.js';

const facts: StartBannerFacts = {
  baseUrl: 'http://localhost:4000',
  embeddedDataDir: './data',
  seeded: true,
  production: false,
  adminEmail: 'admin@example.com',
  adminPassword: 'admin-demo-2026',
  demo: { tenantId: 'rathaus-musterstadt', logins: { tenantOwner: { id: 'inhaberin@example.com', password: 'demo-inhaberin' }, staff: { id: 'mitarbeiter@example.com', password: 'demo-mitarbeiter' } } },
};

describe('the start banner', () => {
  it("leads the citizen to the demo tenant's booking portal, the styled page, not the bare HTML fragment", () => {
    const banner = startBanner(facts);
    expect(banner).toContain('Buchen wie die Bürger: http://localhost:4000/buchen/rathaus-musterstadt');
    expect(banner).not.toContain('/html/');
  });

  it('names the sign-ins on a development console and keeps them out of a production log', () => {
    expect(startBanner(facts)).toContain('Mandanten-Besitzerin inhaberin@example.com / demo-inhaberin');
    const production = startBanner({ ...facts, production: true });
    expect(production).not.toContain('Anmeldungen');
    expect(production).toContain('Buchungsplattform läuft: http://localhost:4000/login');
  });

  it('does not echo a password given through ADMIN_PASSWORD', () => {
    expect(startBanner({ ...facts, adminPassword: null })).toContain('admin@example.com / (ADMIN_PASSWORD)');
  });

  it('names DATABASE_URL and no citizen link without a demo', () => {
    const banner = startBanner({ ...facts, embeddedDataDir: null, seeded: false, demo: null });
    expect(banner).toContain('Datenbank: DATABASE_URL');
    expect(banner).not.toContain('Buchen wie die Bürger');
  });
});
