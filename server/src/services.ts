import type { MikroORM } from '@mikro-orm/postgresql';
import { BookableAvailabilityService } from './bookables/bookable.availability.service.js';
import { BookableService } from './bookables/bookable.service.js';
import { BookableShowcase } from './bookables/bookable.showcase.js';
import { BookingAccountLinks } from './bookings/booking-accounts.js';
import { BookingNameGuesses, StatusTokenGuesses } from './bookings/booking-name-guesses.js';
import { BookingEditorService } from './bookings/booking-editor.service.js';
import { recordBookingHistory } from './bookings/booking-history.js';
import { BookingOccupancyGuard } from './bookings/booking-occupancy-guard.js';
import { BookingOverviewService } from './bookings/booking-overview.service.js';
import { BookingStatusService } from './bookings/booking-status.service.js';
import { renderMailTemplate } from './bookings/booking-mail-composition.js';
import { BookingMailer } from './bookings/booking.mails.js';
import { MailTemplatePreviews } from './bookings/mail-template-preview.js';
import { BookingService } from './bookings/booking.service.js';
import { CheckoutService } from './bookings/checkout/checkout.service.js';
import type { AppConfig } from './config.js';
import { CouponService } from './coupons/coupon.service.js';
import { EventParticipantsService } from './events/event-participants.service.js';
import { EventSeatsService } from './events/event-seats.service.js';
import { EventService } from './events/event.service.js';
import { EventShowcase } from './events/event.showcase.js';
import { FileService } from './files/file.service.js';
import { InstanceMailSender } from './instance/instance-mail.js';
import { InstanceSsoConfig } from './instance/instance-sso.js';
import { InstanceService } from './instance/instance.service.js';
import { LockerService } from './lockers/locker.service.js';
import { MailService } from './mail/mail.service.js';
import { MailPaymentFollowUps } from './payments/mail-follow-ups.js';
import { offeredPaymentProviders, paymentApplicationDefinitions, testPaymentApplicationDefinition, type PaymentProviderId } from './payments/payment-applications.js';
import type { PaymentFollowUps } from './payments/payment-follow-ups.js';
import { PaymentService } from './payments/payment.service.js';
import { TestPaymentPage } from './payments/test-payment.page.js';
import { DocumentCounterReader } from './receipts/document-counters.js';
import { BookingPortalService } from './portal/portal.service.js';
import { DocumentPaymentFollowUps } from './receipts/document-follow-ups.js';
import { PdfRenderer } from './receipts/pdf-renderer.js';
import { ReceiptService } from './receipts/receipt.service.js';
import { PrivacyService } from './privacy/privacy.service.js';
import { RoleService } from './roles/role.service.js';
import type { DomainServices } from './shared/domain-services.js';
import type { JobHandler, JobLane, JobSchedule } from './shared/jobs.js';
import type { AppPubSub } from './shared/pubsub.js';
import { RateLimiter } from './shared/rate-limit.js';
import { SnippetService } from './snippets/snippet.service.js';
import { SsoSessionGuard } from './sso/sso-sessions.js';
import { SsoService } from './sso/sso.service.js';
import { lockerApplicationDefinitions } from './tenants/tenant-applications.js';
import type { TenantApplication } from './tenants/tenant.entity.js';
import { TenantMemberService } from './tenants/tenant-members.service.js';
import { TenantService } from './tenants/tenant.service.js';
import { ApiTokenService } from './tokens/api-token.service.js';
import { CalendarFeedService } from './feeds/calendar-feed.service.js';
import { WebhookService } from './webhooks/webhook.service.js';
import { AccountSelfService } from './users/account-self-service.js';
import { AccountTokens } from './users/account-tokens.js';
import { AccountMails } from './users/account.mails.js';
import { AuthService } from './users/auth.service.js';
import { CreatorRights } from './users/creator-rights.js';
import { UserService } from './users/user.service.js';
import { ViewerService } from './users/viewer.service.js';
import type { WorkflowBookings } from './workflow/workflow-bookings.js';
import { WorkflowActions } from './workflow/workflow.actions.js';
import { WorkflowService } from './workflow/workflow.service.js';
import { TicketEntryCodes } from './bookings/ticket-entry-codes.js';
import { TicketCheckIn } from './bookings/ticket-check-in.js';
import { BookingSeriesService } from './bookings/series/booking-series.service.js';
import { AllocationMails } from './allocation/allocation.mails.js';
import { AllocationService } from './allocation/allocation.service.js';
import { AllocationAccounts } from './allocation/allocation-accounts.js';
import type { AccountBookings } from './users/account-bookings.js';
import { MyBookings } from './bookings/my-bookings.js';
import { GuestBookingLinks } from './bookings/guest-booking-links.js';
import { BookingRefunds } from './bookings/booking-refunds.js';
import { BookingCancellation } from './bookings/booking-cancellation.js';
import { ProviderRefunds } from './payments/online-refunds.js';

/**
 * Every domain service, built once per process; resolvers and REST handlers share them. The domains
 * name what they offer in DomainServices; this adds what only the composition root holds.
 */
export interface Services extends DomainServices {
  orm: MikroORM;
  /** The durable jobs this process works on (shared/jobs.ts), by task name. */
  jobHandlers: Record<string, JobHandler>;
  /** The tasks run on a schedule (shared/jobs.ts, JobSchedule). */
  jobSchedules: JobSchedule[];
  /** Tasks that run in a lane of their own (shared/jobs.ts, JobLane), never in the main runner. */
  jobLanes: JobLane[];
  /** The attempt counters in PostgreSQL, for the app's own limits (requests per API token). */
  attempts: RateLimiter;
}

export function createServices(config: AppConfig, orm: MikroORM, pubSub: AppPubSub): Services {
  const instanceSso = new InstanceSsoConfig(orm);
  const instanceMail = new InstanceMailSender(orm);
  // The account mails go into the instance's own template, filled by the same renderer as the tenants' booking mails.
  const mail = new MailService(config, () => instanceMail.mailState(), config.graph, async (values) => renderMailTemplate(await instanceMail.mailTemplate(), values));
  const viewers = new ViewerService(orm);
  // Integrators' API tokens; the users domain authenticates bearer requests through its port (users/api-token-port.ts).
  const apiTokens = new ApiTokenService(orm, viewers);
  // Webhooks of integrators: bookings and events enqueue their deliveries in their transactions (webhooks/webhook.queue.ts).
  const webhooks = new WebhookService(orm, mail, config.webhooks, config.publicUrl, viewers);
  const calendarFeeds = new CalendarFeedService(orm, config.publicUrl, viewers);
  // Every change of a person's rights ends, in its transaction, the tokens, feeds and webhooks they created that it takes the right of.
  const creatorRights = new CreatorRights(viewers);
  for (const kind of [apiTokens, calendarFeeds, webhooks]) creatorRights.register(kind);
  const instance = new InstanceService(orm, instanceSso, creatorRights);
  const bookables = new BookableService(orm);
  // Attempt counters in PostgreSQL: sign-in and reset attempts, name guesses, cancellation requests.
  const attempts = new RateLimiter(orm);
  // The bookings domain's event port (seats at checkout and in the staff editor; the date and place
  // of booked tickets' events), answered by the events domain.
  const eventSeats = new EventSeatsService(orm, bookables);
  const bookings = new BookingService(orm, bookables, new BookingNameGuesses(attempts), new StatusTokenGuesses(attempts), eventSeats);
  const events = new EventService(orm, bookings);
  // Public-only reads for the HTML snippets of tenant websites.
  const bookableShowcase = new BookableShowcase(orm);
  const eventShowcase = new EventShowcase(orm);
  // The one guardian of occupancy: checkout, the staff's editor, releases and the workflow's status actions.
  const occupancyGuard = new BookingOccupancyGuard(eventSeats);
  // The workflow reads bookings through its own port; the row lock and the status actions come
  // from the bookings domain above it, which itself needs the workflow: bound late, after both exist.
  const late: { bookingStatus?: BookingStatusService } = {};
  const statusService = () => {
    if (!late.bookingStatus) throw new Error('The booking status service is not wired yet.');
    return late.bookingStatus;
  };
  const workflowBookings: WorkflowBookings = {
    backlogIds: (tenantId, limit) => bookings.backlogIds(tenantId, limit),
    lockBooking: (em, tenantId, id) => statusService().lockBooking(em, tenantId, id),
    applyWorkflowStatus: (em, tenantId, id, statuses, origin) => statusService().applyWorkflowStatus(em, tenantId, id, statuses, origin),
    recordBoardMove: (em, tenantId, id, from, to, origin) =>
      recordBookingHistory(em, { tenantId, bookingId: id, action: 'workflow_moved', ...origin, changes: [{ field: 'workflowStatus', before: from, after: to }] }),
  };
  const workflows = new WorkflowService(orm, workflowBookings);
  const workflowActions = new WorkflowActions(orm, mail, renderMailTemplate);
  // Entry codes of released tickets, derived under the session secret (bookings/ticket-entry-codes.ts).
  const ticketCodes = new TicketEntryCodes(config.sessionSecret, eventSeats);
  // One warm browser renders the receipts and the tickets.
  const pdfRenderer = new PdfRenderer(config.pdf);
  const bookingMails = new BookingMailer(orm, mail, config.publicUrl, eventSeats, { codes: ticketCodes, pdf: pdfRenderer });
  const receipts = new ReceiptService(orm, config, pdfRenderer, bookingMails, eventSeats);
  // What follows a payment (receipts, invoices, their mails): the payments domain's port, answered
  // by the receipts domain, also for the bookings domain's payment events (release, workflow
  // "paid", staff marking paid).
  const paymentFollowUps: PaymentFollowUps = new DocumentPaymentFollowUps(receipts, new MailPaymentFollowUps());
  const bookingStatus = new BookingStatusService(orm, workflows, paymentFollowUps, occupancyGuard, attempts, ticketCodes);
  // A person's own bookings with their documents, which the receipts domain lists.
  // Guests see theirs through a link mailed to the address they booked with, from the instance's sender as the account mails.
  const guestBookingLinks = new GuestBookingLinks(orm, config, attempts, mail);
  const myBookings = new MyBookings(
    orm,
    { documentsOf: (tenantId, numbers) => receipts.listOfBookings(tenantId, numbers), fileOf: (tenantId, number, documentId) => receipts.fileForGuest(tenantId, number, documentId) },
    guestBookingLinks,
    config.publicUrl,
  );
  late.bookingStatus = bookingStatus;
  // Refunds of citizens' cancellations: the payments domain gives back online what its providers can (the test provider for now).
  const bookingRefunds = new BookingRefunds(orm, new ProviderRefunds(orm, config.payments.testProvider));
  const bookingCancellation = new BookingCancellation(orm, bookingStatus, bookingRefunds, new StatusTokenGuesses(attempts), eventSeats);
  const accountTokens = new AccountTokens();
  const accountMails = new AccountMails(orm, mail, accountTokens, config.publicUrl, instance);
  const payments = new PaymentService(orm, config.publicUrl, config.payments, paymentFollowUps, workflows);
  // The built-in test provider exists outside production only: a production instance neither saves nor offers it.
  const paymentApplications = config.payments.testProvider ? [...paymentApplicationDefinitions, testPaymentApplicationDefinition] : paymentApplicationDefinitions;
  // The locker systems, told through the job queue; without a server URL (outside production) the stand-in of this process.
  const lockers = new LockerService(orm, config.nodeEnv !== 'production');
  const offeredPayments = (applications: readonly TenantApplication[]): { id: PaymentProviderId; title: string }[] =>
    offeredPaymentProviders(applications).filter((offer) => config.payments.testProvider || offer.id !== 'testPayment');
  const sso = new SsoService(orm, instanceSso, viewers, creatorRights);
  // The users domain's bookings port: an account's bookings and allocation applications for its data
  // download; when it is deleted the bookings lose the link, the applications go.
  const bookingLinks = new BookingAccountLinks();
  const allocationAccounts = new AllocationAccounts();
  const accountBookings: AccountBookings = {
    assignedTo: (em, userId) => bookingLinks.assignedTo(em, userId),
    allocationApplicationsOf: (em, userId) => allocationAccounts.applicationsOf(em, userId),
    unlinkAccount: async (em, userId, via) => {
      await allocationAccounts.removeAccount(em, userId);
      return bookingLinks.unlinkAccount(em, userId, via);
    },
  };
  const users = new UserService(orm, pubSub, instance, accountBookings, creatorRights);
  const privacy = new PrivacyService(orm, receipts);
  const checkout = new CheckoutService(orm, bookables, workflows, occupancyGuard, paymentFollowUps, offeredPayments, ticketCodes);
  // Allocation rounds book their grants as series through the checkout: the same guard, locks and writing.
  const allocation = new AllocationService(orm, checkout);
  const allocationMails = new AllocationMails(orm, mail);
  return {
    config,
    orm,
    attempts,
    pubSub,
    mail,
    viewers,
    apiTokens,
    calendarFeeds,
    creatorRights,
    webhooks,
    auth: new AuthService(orm, config, attempts, viewers, accountTokens),
    users,
    account: new AccountSelfService(orm, config, attempts, users, accountBookings),
    // The tenant stores its applications; the payments domain defines the payment ones.
    tenants: new TenantService(orm, pubSub, workflows, instance, [...paymentApplications, ...lockerApplicationDefinitions], new DocumentCounterReader(orm), offeredPayments),
    tenantMembers: new TenantMemberService(orm, creatorRights),
    workflows,
    instance,
    instanceSso,
    roles: new RoleService(orm, creatorRights),
    coupons: new CouponService(orm),
    sso,
    ssoSessions: new SsoSessionGuard(orm, sso, { checkIntervalSeconds: config.ssoSessionCheckSeconds, sessionSecret: config.sessionSecret }),
    files: new FileService(orm, config),
    bookables,
    bookableAvailability: new BookableAvailabilityService(orm, bookables, bookings, eventSeats),
    bookings,
    events,
    ticketEvents: events,
    eventSeats,
    eventParticipants: new EventParticipantsService(orm),
    bookableShowcase,
    eventShowcase,
    snippets: new SnippetService(orm, config.publicUrl, bookableShowcase, eventShowcase, eventSeats),
    bookingPortal: new BookingPortalService(orm, bookableShowcase, eventShowcase),
    bookingStatus,
    bookingRefunds,
    bookingCancellation,
    myBookings,
    guestBookingLinks,
    ticketCheckIn: new TicketCheckIn(orm, attempts, eventSeats),
    bookingSeries: new BookingSeriesService(orm, bookingStatus, checkout),
    bookingEditor: new BookingEditorService(orm, workflows, occupancyGuard, paymentFollowUps, ticketCodes),
    payments,
    testPaymentPage: new TestPaymentPage(orm, payments, config.payments.testProvider),
    receipts,
    mailPreviews: new MailTemplatePreviews(config.publicUrl),
    bookingOverview: new BookingOverviewService(orm),
    lockers,
    privacy,
    checkout,
    allocation,
    jobHandlers: {
      ...bookingMails.handlers(),
      ...bookingRefunds.handlers(),
      ...workflowActions.handlers(),
      ...receipts.handlers(),
      ...accountMails.handlers(),
      ...guestBookingLinks.handlers(),
      ...lockers.handlers(),
      ...privacy.handlers(),
      ...webhooks.handlers(),
      ...allocationMails.handlers(),
    },
    jobSchedules: [...privacy.schedules(), ...guestBookingLinks.schedules()],
    // Deliveries wait for receivers that may take their time: mails and documents never wait behind them.
    jobLanes: [{ name: 'webhooks', setting: 'WEBHOOK_CONCURRENCY', tasks: webhooks.laneTasks(), concurrency: config.webhooks.concurrency }],
  };
}
