import type { MikroORM } from '@mikro-orm/postgresql';
import { BookableAvailabilityService } from './bookables/bookable.availability.service.js';
import { BookableService } from './bookables/bookable.service.js';
import { noBookings } from './bookables/booking-source.js';
import type { AppConfig } from './config.js';
import { CouponService } from './coupons/coupon.service.js';
import { FileService } from './files/file.service.js';
import { InstanceService } from './instance/instance.service.js';
import { MailService } from './mail/mail.service.js';
import { RoleService } from './roles/role.service.js';
import type { AppPubSub } from './shared/pubsub.js';
import { RateLimiter } from './shared/rate-limit.js';
import { SsoService } from './sso/sso.service.js';
import { TenantService } from './tenants/tenant.service.js';
import { AuthService } from './users/auth.service.js';
import { UserService } from './users/user.service.js';
import { ViewerService } from './users/viewer.service.js';
import { WorkflowService } from './workflow/workflow.service.js';

/** Every domain service, built once per process; resolvers and REST handlers share them. */
export interface Services {
  config: AppConfig;
  orm: MikroORM;
  pubSub: AppPubSub;
  mail: MailService;
  viewers: ViewerService;
  auth: AuthService;
  users: UserService;
  tenants: TenantService;
  workflows: WorkflowService;
  instance: InstanceService;
  roles: RoleService;
  coupons: CouponService;
  sso: SsoService;
  files: FileService;
  bookables: BookableService;
  bookableAvailability: BookableAvailabilityService;
}

export function createServices(config: AppConfig, orm: MikroORM, pubSub: AppPubSub): Services {
  const instance = new InstanceService(orm, pubSub);
  const mail = new MailService(config, () => instance.mailSettings(), config.graph);
  const viewers = new ViewerService(orm);
  // The bookings domain replaces noBookings with its table (ROADMAP 4).
  const workflows = new WorkflowService(orm, noBookings, mail);
  const bookables = new BookableService(orm);
  return {
    config,
    orm,
    pubSub,
    mail,
    viewers,
    auth: new AuthService(orm, config, mail, new RateLimiter(orm), viewers),
    users: new UserService(orm, pubSub),
    tenants: new TenantService(orm, pubSub, workflows),
    workflows,
    instance,
    roles: new RoleService(orm, pubSub),
    coupons: new CouponService(orm),
    sso: new SsoService(orm, pubSub, instance, viewers),
    files: new FileService(orm, config),
    bookables,
    // The bookings domain replaces noBookings with its table (ROADMAP 4).
    bookableAvailability: new BookableAvailabilityService(orm, bookables, noBookings),
  };
}
