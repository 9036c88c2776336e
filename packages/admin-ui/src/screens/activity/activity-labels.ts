/** What a logged write did, in words; unknown ones show only their method and path. */
const LABELS: Record<string, string> = {
  'POST /api/admin/workshops': 'Created a workshop',
  'PATCH /api/admin/workshops/:id': 'Changed a workshop',
  'DELETE /api/admin/workshops/:id': 'Deleted a workshop',
  'POST /api/admin/workshops/:id/cancel': 'Cancelled a workshop',
  'POST /api/admin/workshops/:id/messages': 'Messaged attendees',
  'POST /api/admin/registrations/:id/refund': 'Refunded a booking',
  'POST /api/admin/registrations/:id/cancel': 'Cancelled a booking',
  'POST /api/admin/registrations/:id/resend': 'Resent a confirmation',
  'POST /api/admin/registrations/:id/move': 'Moved a booking',
  'POST /api/admin/registrations/:id/transfer': 'Transferred a booking',
  'POST /api/admin/registrations': 'Added a booking by hand',
  'PATCH /api/admin/registrations/:id': "Corrected a booking's details",
  'DELETE /api/admin/registrations': 'Cleared registrations',
  'PUT /api/admin/settings/:key': 'Changed a setting',
  'PATCH /api/admin/interests/:id': 'Changed an interest',
  'POST /api/admin/revive': 'Added to revive',
  'DELETE /api/admin/revive/:id': 'Removed from revive',
  'POST /api/admin/users': 'Added an admin',
  'PATCH /api/admin/users/:id': "Changed an admin's role",
  'DELETE /api/admin/users/:id': 'Removed an admin',
  'POST /api/admin/attention/refunds/:id/retry': 'Retried a refund',
  'POST /api/admin/attention/registrations/:id/retry': 'Retried a checkout',
  'POST /api/admin/registrations/:id/seats/:seatId/cancel': 'Cancelled a seat',
  'POST /api/admin/registrations/:id/seats/:seatId/resend': "Resent a seat's confirmation",
  'POST /api/admin/registrations/:id/seats/:seatId/move': 'Moved a seat',
  'POST /api/admin/workshops/:id/waitlist/:entryId/offer': 'Offered a waitlist seat',
  'POST /api/admin/promo-codes': 'Created a promo code',
  'PATCH /api/admin/promo-codes/:id': 'Changed a promo code',
  'DELETE /api/admin/promo-codes/:id': 'Deleted a promo code',
};

export function actionLabel(action: string): string | undefined {
  return LABELS[action];
}
