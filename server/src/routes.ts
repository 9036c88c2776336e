import { attentionRoutes } from './attention/attention.routes';
import { activityRoutes } from './activity/activity.routes';
import { accountRoutes } from './auth/account.routes';
import { passkeysRoutes } from './auth/passkeys.routes';
import { passwordResetRoutes } from './auth/password-reset.routes';
import { adminsRoutes } from './auth/admins.routes';
import { authRoutes } from './auth/auth.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { emailEventRoutes } from './email/email-events.routes';
import type { AppDeps, RouteDef, RouteModule } from './http/route';
import { interestRoutes } from './interests/interests.routes';
import { messageRoutes } from './messages/messages.routes';
import { promoCodeRoutes } from './promo-codes/promo-codes.routes';
import { byHandRoutes } from './bookings/by-hand.routes';
import { registrationDetailRoutes } from './bookings/registration-detail.routes';
import { registrationRoutes } from './registrations/registrations.routes';
import { funnelRoutes } from './funnel/funnel.routes';
import { recoveryRoutes } from './recovery/recovery.routes';
import { reviveRoutes } from './revive/revive.routes';
import { settingsRoutes } from './settings/settings.routes';
import { siteRoutes } from './site/site.routes';
import { videoLeadRoutes } from './video-leads/video-leads.routes';
import { waitlistRoutes } from './waitlist/waitlist.routes';
import { workshopRoutes } from './workshops/workshops.routes';
import { workshopCancelRoutes } from './organiser/workshop-cancel.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { invoiceDownloadRoutes } from './invoices/invoice-downloads.routes';
import { joinRoutes } from './join/join.routes';
import { attendanceRoutes } from './attendance/attendance.routes';
import { afterWorkshopRoutes } from './after-workshop/after-workshop.routes';
import { certificateRoutes } from './after-workshop/certificates.routes';
import { privacyAdminRoutes } from './privacy/privacy-admin.routes';
import { privacyRoutes } from './privacy/privacy.routes';

/** The server's route table: app.ts mounts it and the authorization test walks it. */
export const routeModules: RouteModule[] = [
  siteRoutes,
  authRoutes,
  adminsRoutes,
  accountRoutes,
  passkeysRoutes,
  passwordResetRoutes,
  workshopRoutes,
  workshopCancelRoutes,
  invoicesRoutes,
  invoiceDownloadRoutes,
  interestRoutes,
  videoLeadRoutes,
  bookingRoutes,
  joinRoutes,
  attendanceRoutes,
  afterWorkshopRoutes,
  certificateRoutes,
  privacyRoutes,
  privacyAdminRoutes,
  registrationRoutes,
  registrationDetailRoutes,
  byHandRoutes,
  messageRoutes,
  activityRoutes,
  attentionRoutes,
  dashboardRoutes,
  reviveRoutes,
  recoveryRoutes,
  funnelRoutes,
  settingsRoutes,
  promoCodeRoutes,
  waitlistRoutes,
  emailEventRoutes,
];

export function allRoutes(deps: AppDeps): RouteDef[] {
  return routeModules.flatMap((m) => m(deps));
}
