/**
 * Loads what field resolvers ask for one by one in batches: the keys asked for while one operation's
 * fields are resolved (until the event loop turns) are read with one call, each key once. So a list
 * of 500 bookings asking each item's event reads the events once, not 500 times. Answers are not
 * kept after their batch: a subscription's context lives on, and its next event must read anew.
 */
export class BatchLoader<K, V> {
  private readonly answers = new Map<K, Promise<V | null>>();
  private waiting: { key: K; resolve: (value: V | null) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>) {}

  load(key: K): Promise<V | null> {
    let answer = this.answers.get(key);
    if (!answer) {
      answer = new Promise<V | null>((resolve, reject) => {
        if (this.waiting.length === 0) setImmediate(() => void this.flush());
        this.waiting.push({ key, resolve, reject });
      });
      this.answers.set(key, answer);
    }
    return answer;
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    for (const entry of batch) this.answers.delete(entry.key);
    try {
      const values = await this.loadMany(batch.map((entry) => entry.key));
      for (const entry of batch) entry.resolve(values.get(entry.key) ?? null);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

const loaders = new WeakMap<object, Map<string, BatchLoader<unknown, unknown>>>();

/** The operation's loader of this name (one per GraphQL context), created on first use. */
export function loaderOf<K, V>(context: object, name: string, loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>): BatchLoader<K, V> {
  let named = loaders.get(context);
  if (!named) {
    named = new Map();
    loaders.set(context, named);
  }
  let loader = named.get(name) as BatchLoader<K, V> | undefined;
  if (!loader) {
    loader = new BatchLoader(loadMany);
    named.set(name, loader as BatchLoader<unknown, unknown>);
  }
  return loader;
}

const TENANT_KEY_SEPARATOR = ' ';

/**
 * The operation's loader of this name for rows of a tenant by their id: the ids asked for together
 * are read with one call per tenant among them.
 */
export function tenantLoaderOf<V>(
  context: object,
  name: string,
  loadOfTenant: (tenantId: string, ids: string[]) => Promise<ReadonlyMap<string, V>>,
): { load(tenantId: string, id: string): Promise<V | null> } {
  const loader = loaderOf<string, V>(context, name, async (keys) => {
    const idsByTenant = new Map<string, string[]>();
    for (const key of keys) {
      const [tenantId, id] = key.split(TENANT_KEY_SEPARATOR);
      idsByTenant.set(tenantId, [...(idsByTenant.get(tenantId) ?? []), id]);
    }
    const found = new Map<string, V>();
    for (const [tenantId, ids] of idsByTenant) {
      for (const [id, value] of await loadOfTenant(tenantId, ids)) found.set(`${tenantId}${TENANT_KEY_SEPARATOR}${id}`, value);
    }
    return found;
  });
  return { load: (tenantId, id) => loader.load(`${tenantId}${TENANT_KEY_SEPARATOR}${id}`) };
}
