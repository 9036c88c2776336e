import type {
  AdminRole,
  ChangePasswordInput,
  AdminWorkshop,
  AttentionList,
  CreateAdminInput,
  Dashboard,
  EmailList,
  Interest,
  InterestList,
  InterestListQuery,
  InterestStatus,
  LoginInput,
  LoginResponse,
  LoginTwoFactorInput,
  TwoFactorStatus,
  RegistrationList,
  RegistrationListQuery,
  ReviveCreateInput,
  ReviveEntry,
  ReviveList,
  ReviveListQuery,
  SessionUser,
  SettingKey,
  Settings,
  Workshop,
  WorkshopCancelInput,
  WorkshopCancellation,
  WorkshopCreateInput,
  WorkshopUpdateInput,
} from '@workshop/shared';
import { createHttp, toQueryString, type ClientOptions, type Query } from './http';
import { attentionListShape } from './answer-shapes';
import { parsedLater, parsedShape } from './parsed';
import { afterSaleClient } from './after-sale.client';
import { invoicesClient } from './invoices.client';
import { funnelClient } from './sales.client';
import { publicPaths } from './public.client';
import { promoCodesClient } from './promo-codes.client';
import { passkeysClient } from './passkeys.client';
import { videoLeadsAdminClient } from './video-leads.client';
import { waitlistAdminClient } from './waitlist.client';
import { attendanceAdminClient } from './attendance.client';
import { privacyAdminClient } from './privacy.client';

type WithTz<T> = T & { tz?: string };

/** Typed client for every path in ARCHITECTURE.md's HTTP table. */
export function createApiClient(options: ClientOptions = {}) {
  const http = createHttp(options);
  const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  const visitor = publicPaths(http);

  return {
    ...visitor,
    promoCodes: { ...visitor.promoCodes, ...promoCodesClient(http) },
    auth: {
      login: (input: LoginInput) => http.json<LoginResponse>('POST', '/api/auth/login', input),
      /** The code step after a password answered `two_factor_required`. */
      loginTwoFactor: (input: Omit<LoginTwoFactorInput, 'client'>) => http.json<{ user: SessionUser; token?: string }>('POST', '/api/auth/login/two-factor', input),
      twoFactor: () => http.json<TwoFactorStatus>('GET', '/api/auth/two-factor'),
      startTotp: (password: string) => http.json<{ secret: string; otpauth_url: string }>('POST', '/api/auth/two-factor/totp', { password }),
      confirmTotp: (code: string) => http.json<{ recovery_codes: string[] }>('POST', '/api/auth/two-factor/totp/confirm', { code }),
      disableTwoFactor: (password: string) => http.json<void>('DELETE', '/api/auth/two-factor', { password }),
      ...passkeysClient(http),
      logout: () => http.json<void>('POST', '/api/auth/logout'),
      session: () => http.json<{ user: SessionUser }>('GET', '/api/auth/session'),
      /** The signed-in admin's own password; other sessions of theirs end. */
      changePassword: (input: ChangePasswordInput) => http.json<void>('POST', '/api/auth/password', input),
      sessions: () => http.json<unknown>('GET', '/api/auth/sessions').then(parsedLater((s) => s.adminSessionListSchema)),
      endSession: (id: string) => http.json<void>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
      endOtherSessions: () => http.json<{ ended: number }>('DELETE', '/api/auth/sessions'),
      /** Always the same answer, whether or not the address is an admin's. */
      requestPasswordReset: (email: string) => http.json<{ message: string }>('POST', '/api/auth/password-reset', { email }),
      confirmPasswordReset: (token: string, newPassword: string) => http.json<void>('POST', '/api/auth/password-reset/confirm', { token, new_password: newPassword }),
    },
    admin: {
      dashboard: () => http.json<Dashboard>('GET', '/api/admin/dashboard'),
      users: {
        create: (input: CreateAdminInput) => http.json<{ email: string }>('POST', '/api/admin/users', input),
        /** Owners only: every admin with role, last sign-in and live sessions. */
        list: () => http.json<unknown>('GET', '/api/admin/users').then(parsedLater((s) => s.adminUserListSchema)),
        setRole: (id: string, role: AdminRole) => http.json<unknown>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, { role }).then(parsedLater((s) => s.adminUserListSchema)),
        /** Turns their two-factor sign-in off (a lost phone); their sessions end. */
        resetTwoFactor: (id: string) => http.json<unknown>('DELETE', `/api/admin/users/${encodeURIComponent(id)}/two-factor`).then(parsedLater((s) => s.adminUserListSchema)),
        /** Ends every session of theirs at once. */
        remove: (id: string) => http.json<void>('DELETE', `/api/admin/users/${encodeURIComponent(id)}`),
      },
      workshops: {
        list: () => http.json<AdminWorkshop[]>('GET', '/api/admin/workshops'),
        create: (input: WorkshopCreateInput) => http.json<Workshop>('POST', '/api/admin/workshops', input),
        update: (id: string, input: WorkshopUpdateInput) => http.json<Workshop>('PATCH', `/api/admin/workshops/${id}`, input),
        remove: (id: string) => http.json<void>('DELETE', `/api/admin/workshops/${id}`),
        /** Without `confirm`: what cancelling would do, or how far a cancellation got. */
        cancel: (id: string, input: WorkshopCancelInput = {}) => http.json<WorkshopCancellation>('POST', `/api/admin/workshops/${id}/cancel`, input),
      },
      registrations: {
        list: (query: WithTz<RegistrationListQuery> = {}) =>
          http.json<RegistrationList>('GET', '/api/admin/registrations', undefined, { tz: viewerZone(), ...query } as Query),
        exportCsv: (query: RegistrationListQuery = {}) => http.text('GET', '/api/admin/registrations/export.csv', query as Query),
        exportCsvUrl: (query: RegistrationListQuery = {}) => `${http.base}/api/admin/registrations/export.csv${toQueryString(query as Query)}`,
        emails: (query: RegistrationListQuery = {}) => http.json<EmailList>('GET', '/api/admin/registrations/emails', undefined, query as Query),
        clearAll: () => http.json<{ deleted: number; kept: number }>('DELETE', '/api/admin/registrations', undefined, { confirm: 'true' }),
      },
      interests: {
        list: (query: WithTz<InterestListQuery> = {}) =>
          http.json<InterestList>('GET', '/api/admin/interests', undefined, { tz: viewerZone(), ...query } as Query),
        setStatus: (id: string, status: InterestStatus) => http.json<Interest>('PATCH', `/api/admin/interests/${id}`, { status }),
        exportCsv: (query: InterestListQuery = {}) => http.text('GET', '/api/admin/interests/export.csv', query as Query),
        exportCsvUrl: (query: InterestListQuery = {}) => `${http.base}/api/admin/interests/export.csv${toQueryString(query as Query)}`,
        emails: (query: InterestListQuery = {}) => http.json<EmailList>('GET', '/api/admin/interests/emails', undefined, query as Query),
      },
      ...videoLeadsAdminClient(http, viewerZone),
      revive: {
        list: (query: WithTz<ReviveListQuery> = {}) =>
          http.json<ReviveList>('GET', '/api/admin/revive', undefined, { tz: viewerZone(), ...query } as Query),
        add: (input: ReviveCreateInput) => http.json<ReviveEntry>('POST', '/api/admin/revive', input),
        remove: (id: string) => http.json<void>('DELETE', `/api/admin/revive/${id}`),
      },
      settings: {
        get: () => http.json<Settings>('GET', '/api/admin/settings'),
        update: <K extends SettingKey>(key: K, value: Settings[K]) =>
          http.json<{ setting_key: K; setting_value: Settings[K] }>('PUT', `/api/admin/settings/${key}`, { setting_value: value }),
      },
      attention: {
        // Shown by the dashboard too (its count): checked without zod, see ./answer-shapes.ts.
        list: () => http.json<unknown>('GET', '/api/admin/attention').then(parsedShape<AttentionList>(attentionListShape)),
        retryRefund: (id: string) => http.json<unknown>('POST', `/api/admin/attention/refunds/${id}/retry`).then(parsedLater((s) => s.attentionRetryResultSchema)),
        retryRegistration: (id: string) =>
          http.json<unknown>('POST', `/api/admin/attention/registrations/${id}/retry`).then(parsedLater((s) => s.attentionRetryResultSchema)),
      },
      ...afterSaleClient(http),
      ...invoicesClient(http),
      funnel: funnelClient(http, viewerZone),
      ...waitlistAdminClient(http),
      ...attendanceAdminClient(http),
      ...privacyAdminClient(http),
      /** Server-sent events stream (`registration.completed`). */
      eventsUrl: () => `${http.base}/api/admin/events`,
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
