/**
 * Who made a recorded change, shared by the booking history and the tenant's change log: the kind
 * of actor, the account's or provider's id (none for citizens and the system) and the name as it
 * was at the time. Plain TypeScript.
 */

/** Who acted; `api_token` is kept for access tokens of other systems. */
export const changeActorKinds = ['user', 'citizen', 'payment_provider', 'system', 'api_token'] as const;
export type ChangeActorKind = (typeof changeActorKinds)[number];

export interface ChangeActor {
  kind: ChangeActorKind;
  id: string | null;
  label: string;
}

/** The role a person acted in where the log knows it (the tenant's change log): not every person is staff. */
export const changeActorRoles = ['tenant_owner', 'instance_owner', 'staff'] as const;
export type ChangeActorRole = (typeof changeActorRoles)[number];

const roleWords: Record<ChangeActorRole, string> = { tenant_owner: 'Inhaber/in', instance_owner: 'Instanz-Administration', staff: 'Mitarbeiter/in' };

/** A staff member as actor, named as their account reads now. */
export function staffActor(user: { id: string; firstName?: string | null; lastName?: string | null }): ChangeActor {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return { kind: 'user', id: user.id, label: name || user.id };
}

/** Who acts for a request's viewer: the person, or the API token the request came with (by the token's name). */
export function viewerActor(viewer: { user: { id: string; firstName?: string | null; lastName?: string | null }; apiToken?: { id: string; name: string } }): ChangeActor {
  return viewer.apiToken ? { kind: 'api_token', id: viewer.apiToken.id, label: viewer.apiToken.name } : staffActor(viewer.user);
}

export const systemActor: ChangeActor = { kind: 'system', id: null, label: 'System' };

/** The actor as a timeline names them: staff by name, everyone else by role. */
export function changeActorLabel(actor: { kind: string; label: string; role?: string | null }): string {
  switch (actor.kind) {
    case 'user': {
      const role = actor.role && Object.hasOwn(roleWords, actor.role) ? roleWords[actor.role as ChangeActorRole] : roleWords.staff;
      return actor.label ? `${actor.label} (${role})` : role;
    }
    case 'citizen':
      return 'Bürger/in';
    case 'payment_provider':
      return actor.label ? `Zahlungsanbieter (${actor.label})` : 'Zahlungsanbieter';
    case 'api_token':
      return actor.label ? `Schnittstelle (${actor.label})` : 'Schnittstelle';
    default:
      return actor.label && actor.label !== 'System' ? `System (${actor.label})` : 'System';
  }
}
