import type { PromoCodeCreateInput, PromoCodePatchInput } from '@workshop/shared';
import type { Http } from './http';
import { parsedLater } from './parsed';

/** The admin's promo codes (the public price preview is in public.client.ts). */
export function promoCodesClient(http: Http) {
  const one = (id: string) => `/api/admin/promo-codes/${encodeURIComponent(id)}`;
  return {
    admin: {
      list: () => http.json<unknown>('GET', '/api/admin/promo-codes').then(parsedLater((s) => s.promoCodeListSchema)),
      create: (input: PromoCodeCreateInput) => http.json<unknown>('POST', '/api/admin/promo-codes', input).then(parsedLater((s) => s.promoCodeSchema)),
      update: (id: string, input: PromoCodePatchInput) => http.json<unknown>('PATCH', one(id), input).then(parsedLater((s) => s.promoCodeSchema)),
      /** Only a code no checkout ever carried (409 otherwise: switch it off instead). */
      remove: (id: string) => http.json<void>('DELETE', one(id)),
    },
  };
}
