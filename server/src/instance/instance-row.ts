import type { EntityManager } from '@mikro-orm/postgresql';
import { Instance } from './instance.entity.js';

/** The instance row (there is exactly one, id 1); created with defaults when missing so every caller sees one. */
export async function instanceRow(em: EntityManager): Promise<Instance> {
  const instance = await em.findOne(Instance, { id: 1 });
  if (instance) return instance;
  await em.getConnection().execute('insert into instance (id) values (1) on conflict (id) do nothing');
  return em.findOneOrFail(Instance, { id: 1 });
}
