/**
 * Keys that hold a person in the JSON kept for its own reasons (the audit log, provider messages,
 * admins' emails): scrubbed by an erasure and by the retention run alike. Providers' names for
 * them too (PayPal's payer: given_name, surname, email_address, national_number; Razorpay's
 * contact and vpa).
 */
export const PII_KEYS: string[] = [
  'name', 'email', 'phone', 'email_address', 'phone_number', 'national_number', 'contact', 'given_name', 'surname', 'full_name', 'payer_name',
  'company', 'company_name', 'address', 'address_line_1', 'address_line_2', 'postal_code', 'tax_id', 'vpa',
];
