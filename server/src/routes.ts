import { authRoutes } from './auth/auth.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import type { AppDeps, RouteDef, RouteModule } from './http/route';
import { interestRoutes } from './interests/interests.routes';
import { registrationRoutes } from './registrations/registrations.routes';
import { reviveRoutes } from './revive/revive.routes';
import { settingsRoutes } from './settings/settings.routes';
import { siteRoutes } from './site/site.routes';
import { videoLeadRoutes } from './video-leads/video-leads.routes';
import { workshopRoutes } from './workshops/workshops.routes';

/** The server's route table: app.ts mounts it and the authorization test walks it. */
export const routeModules: RouteModule[] = [
  siteRoutes,
  authRoutes,
  workshopRoutes,
  interestRoutes,
  videoLeadRoutes,
  bookingRoutes,
  registrationRoutes,
  dashboardRoutes,
  reviveRoutes,
  settingsRoutes,
];

export function allRoutes(deps: AppDeps): RouteDef[] {
  return routeModules.flatMap((m) => m(deps));
}
