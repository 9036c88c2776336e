/** Field and value limits the server enforces and the forms announce (SPEC §9). */
export const LIMITS = {
  name: 100,
  email: 255,
  interestPhone: 15,
  issueText: 500,
  registrationPhone: 10,
  durationMin: 1,
  durationMax: 24,
  registrationLimitMin: 1,
  maintenanceMessage: 500,
  link: 500,
  workshopTitle: 200,
  workshopDescription: 5000,
  search: 200,
  pageSizeMax: 200,
  /** $999,999.99: far above any workshop, far below the integer column's limit. */
  priceMaxCents: 99_999_999,
  maxParticipantsMax: 100_000,
  /** Checkout recovery's delay, in minutes: 5 minutes to 7 days. */
  recoveryDelayMin: 5,
  recoveryDelayMax: 10_080,
  utmValue: 200,
} as const;
