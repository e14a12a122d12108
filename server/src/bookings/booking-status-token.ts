import { createHash, randomBytes } from 'node:crypto';

/**
 * The status token a checkout answers (docs/integrators.md, "Booking status for websites"): proof
 * that the caller made the booking, so it reads the booking's status without its name and whatever
 * the tenant's public-status setting. `bst_` lets secret scanners recognise a leaked one; only its
 * SHA-256 is stored on the booking.
 */
export const STATUS_TOKEN_PREFIX = 'bst_';

/** 32 random bytes, base64url, behind the prefix. */
export const newStatusToken = (): string => `${STATUS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const hashStatusToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether the text can be a status token at all (anything else is not looked up). */
export const looksLikeStatusToken = (token: string): boolean => /^bst_[A-Za-z0-9_-]{43}$/.test(token);
