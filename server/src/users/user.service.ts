import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../shared/errors.js';
import type { AppPubSub } from '../shared/pubsub.js';
import { User } from './user.entity.js';

/** The fields a user may change on their own profile (PUT api/user). */
export const profileFields = ['firstName', 'lastName', 'company', 'phone', 'address', 'zipCode', 'city'] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileUpdate = Partial<Record<ProfileField, string | null>>;

const MAX_FIELD_LENGTH = 200;

export class UserService {
  constructor(private readonly orm: MikroORM, private readonly pubSub: AppPubSub) {}

  async get(id: string): Promise<User> {
    const user = await this.orm.em.fork().findOne(User, { id });
    if (!user) throw new AppError('generic.not-found');
    return user;
  }

  /** Changes only the profile fields present in the update; the e-mail (id) cannot change here. */
  async updateProfile(userId: string, update: ProfileUpdate): Promise<User> {
    const fieldErrors: Record<string, string> = {};
    for (const field of profileFields) {
      const value = update[field];
      if (value === undefined) continue;
      if (value !== null && typeof value !== 'string') fieldErrors[field] = 'Ungültiger Wert';
      else if ((value ?? '').length > MAX_FIELD_LENGTH) fieldErrors[field] = `Maximal ${MAX_FIELD_LENGTH} Zeichen erlaubt.`;
    }
    if ((update.firstName !== undefined && !update.firstName?.trim()) || (update.lastName !== undefined && !update.lastName?.trim())) {
      fieldErrors[update.firstName !== undefined && !update.firstName?.trim() ? 'firstName' : 'lastName'] = 'Pflichtfeld';
    }
    if (Object.keys(fieldErrors).length > 0) throw new AppError('profile.update-error', { fieldErrors });

    const em = this.orm.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw new AppError('generic.not-found');
    for (const field of profileFields) {
      const value = update[field];
      if (value !== undefined) user[field] = (value ?? '').trim();
    }
    await em.flush();
    await this.pubSub.publish('SESSION_CHANGED', userId, { userId, reason: 'profile' });
    return user;
  }
}
