import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122015140Foundation } from './Migration20261122015140_foundation.js';
import { Migration20261122022928Tenants } from './Migration20261122022928_tenants.js';
import { Migration20261122023143Coupons } from './Migration20261122023143_coupons.js';
import { Migration20261123025153Bookables } from './Migration20261123025153_bookables.js';
import { Migration20261123212234Bookings } from './Migration20261123212234_bookings.js';
import { Migration20261123223000OccupancyStatistics } from './Migration20261123223000_occupancy_statistics.js';
import { Migration20261124000000BookingWindowIndex } from './Migration20261124000000_booking_window_index.js';
import { Migration20261124100000WorkflowTasks } from './Migration20261124100000_workflow_tasks.js';
import { Migration20261125100000Events } from './Migration20261125100000_events.js';
import { Migration20261126100000Receipts } from './Migration20261126100000_receipts.js';
import { Migration20261126120000BookingHorizon } from './Migration20261126120000_booking_horizon.js';
import { Migration20261127094512HashedAccountTokens } from './Migration20261127094512_hashed_account_tokens.js';
import { Migration20261127141500CancellationLinkHashes } from './Migration20261127141500_cancellation_link_hashes.js';
import { Migration20261127141600CheckoutIdempotencyKeys } from './Migration20261127141600_checkout_idempotency_keys.js';
import { Migration20261201120000JobWorkerHeartbeats } from './Migration20261201120000_job_worker_heartbeats.js';
import { Migration20261202090000BookingPaymentStarts } from './Migration20261202090000_booking_payment_starts.js';
import { Migration20261203090000InstanceMailSwitch } from './Migration20261203090000_instance_mail_switch.js';
import { Migration20261205090000SsoSessions } from './Migration20261205090000_sso_sessions.js';
import { Migration20261206090000TenantPrivacy } from './Migration20261206090000_tenant_privacy.js';
import { Migration20261206100000BookingHistory } from './Migration20261206100000_booking_history.js';
import { Migration20261207130000ApiTokens } from './Migration20261207130000_api_tokens.js';

/** Every migration in order. Listed in code so the built server and the TypeScript sources agree. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122015140_foundation', class: Migration20261122015140Foundation },
  { name: 'Migration20261122022928_tenants', class: Migration20261122022928Tenants },
  { name: 'Migration20261122023143_coupons', class: Migration20261122023143Coupons },
  { name: 'Migration20261123025153_bookables', class: Migration20261123025153Bookables },
  { name: 'Migration20261123212234_bookings', class: Migration20261123212234Bookings },
  { name: 'Migration20261123223000_occupancy_statistics', class: Migration20261123223000OccupancyStatistics },
  { name: 'Migration20261124000000_booking_window_index', class: Migration20261124000000BookingWindowIndex },
  { name: 'Migration20261124100000_workflow_tasks', class: Migration20261124100000WorkflowTasks },
  { name: 'Migration20261125100000_events', class: Migration20261125100000Events },
  { name: 'Migration20261126100000_receipts', class: Migration20261126100000Receipts },
  { name: 'Migration20261126120000_booking_horizon', class: Migration20261126120000BookingHorizon },
  { name: 'Migration20261127094512_hashed_account_tokens', class: Migration20261127094512HashedAccountTokens },
  { name: 'Migration20261127141500_cancellation_link_hashes', class: Migration20261127141500CancellationLinkHashes },
  { name: 'Migration20261127141600_checkout_idempotency_keys', class: Migration20261127141600CheckoutIdempotencyKeys },
  { name: 'Migration20261201120000_job_worker_heartbeats', class: Migration20261201120000JobWorkerHeartbeats },
  { name: 'Migration20261202090000_booking_payment_starts', class: Migration20261202090000BookingPaymentStarts },
  { name: 'Migration20261203090000_instance_mail_switch', class: Migration20261203090000InstanceMailSwitch },
  { name: 'Migration20261205090000_sso_sessions', class: Migration20261205090000SsoSessions },
  { name: 'Migration20261206090000_tenant_privacy', class: Migration20261206090000TenantPrivacy },
  { name: 'Migration20261206100000_booking_history', class: Migration20261206100000BookingHistory },
  { name: 'Migration20261207130000_api_tokens', class: Migration20261207130000ApiTokens },
];
