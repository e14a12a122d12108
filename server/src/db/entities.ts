import { Bookable } from '../bookables/bookable.entity.js';
import { Booking, BookingItem } from '../bookings/booking.entity.js';
import { AllocationApplication, AllocationRound, AllocationWish } from '../allocation/allocation.entities.js';
import { BookingSeries } from '../bookings/series/booking-series.entity.js';
import { Event } from '../events/event.entity.js';
import { Coupon } from '../coupons/coupon.entity.js';
import { Instance } from '../instance/instance.entity.js';
import { Receipt } from '../receipts/receipt.entity.js';
import { Role } from '../tenants/role.entity.js';
import { TenantMembership } from '../tenants/membership.entity.js';
import { Tenant } from '../tenants/tenant.entity.js';
import { ApiToken } from '../tokens/api-token.entity.js';
import { CalendarFeed } from '../feeds/calendar-feed.entity.js';
import { UserHook } from '../users/user-hook.entity.js';
import { User } from '../users/user.entity.js';
import { Workflow } from '../workflow/workflow.entity.js';

/** Every entity, listed once; each domain owns its own file. */
export const entities = [Instance, User, UserHook, Tenant, TenantMembership, Role, Coupon, Workflow, Bookable, Booking, BookingItem, BookingSeries, Event, Receipt, ApiToken, CalendarFeed, AllocationRound, AllocationApplication, AllocationWish];
