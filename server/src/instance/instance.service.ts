import type { MikroORM } from '@mikro-orm/postgresql';
import { Instance, type PublicInstance } from './instance.entity.js';

export class InstanceService {
  constructor(private readonly orm: MikroORM) {}

  /** The instance row; created with defaults when missing so every caller sees one. */
  async get(): Promise<Instance> {
    const em = this.orm.em.fork();
    const instance = await em.findOne(Instance, { id: 1 });
    if (instance) return instance;
    await em.getConnection().execute('insert into instance (id) values (1) on conflict (id) do nothing');
    return em.findOneOrFail(Instance, { id: 1 });
  }

  /** Everything but the write-only secrets, which are reported as set or not set. */
  settingsView(instance: Instance) {
    const { noreplyPassword, noreplyGraphClientSecret, ...settings } = instance;
    const applications = settings.applications.map(({ privateClientSecret, ...application }) => ({
      ...application,
      privateClientSecretSet: Boolean(privateClientSecret),
    }));
    return { ...settings, applications, noreplyPasswordSet: Boolean(noreplyPassword), noreplyGraphClientSecretSet: Boolean(noreplyGraphClientSecret) };
  }

  async getPublic(): Promise<PublicInstance> {
    const { contactAddress, contactUrl, dataProtectionUrl, legalNoticeUrl } = await this.get();
    return { contactAddress, contactUrl, dataProtectionUrl, legalNoticeUrl };
  }
}
