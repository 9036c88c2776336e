import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/knex';

/**
 * Who may call a route. `lookup` = public read keyed by a secret (rate-limited);
 * `join` = a seat's join or recording link, which a whole office may follow at once from one
 * address (a limit ten times `lookup`'s; the link's secret is 32 random bytes, so no guessing);
 * `form` = public write (rate-limited, refused in maintenance);
 * `callback` = where a buyer's browser or a provider reports money that may already have moved
 * (returns, verify, release, webhooks): a limit of its own, never refused for maintenance;
 * `login` = the login rate limit; `admin` = admin session checked on the server, and its role:
 * a read (GET) is for every admin, owner or staff; anything else for owners only, unless the
 * route says `staff: true` (messaging attendees, resending a confirmation, marking attendance: issue 24's staff role).
 */
export type Access = 'public' | 'lookup' | 'join' | 'form' | 'callback' | 'login' | 'admin';

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: Access;
  handler: RequestHandler | RequestHandler[];
  /** Webhooks verify signatures over the exact bytes received. */
  rawBody?: boolean;
  /** A JSON body larger than the usual 100 KB (an owner's invoice logo): its own limit. */
  jsonLimit?: string;
  /** What an admin route tells a caller with no session, when the SPEC words it (create admin). */
  unauthorizedMessage?: string;
  /** Who among admins: by default owners for writes and every admin for reads; `true` lets staff write here too, `false` keeps a read to owners. */
  staff?: boolean;
}

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
}

export type RouteModule = (deps: AppDeps) => RouteDef[];

/** The role an admin route needs (see `Access`). */
export const roleNeeded = (route: Pick<RouteDef, 'method' | 'staff'>): 'owner' | 'staff' => ((route.staff ?? route.method === 'get') ? 'staff' : 'owner');
