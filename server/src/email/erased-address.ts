/**
 * The address a person's records get when their data is erased (issue 27): one per erasure, so
 * their rows stay one person to the figures that count people, but nobody's; under a reserved
 * top-level domain that can never receive mail, and never sent to (an email queued for it is
 * dropped, not retried).
 */
export const ERASED_DOMAIN = 'erased.invalid';

export const erasedAddress = (key: string) => `erased-${key}@${ERASED_DOMAIN}`;

export const isErasedAddress = (email: string) => email.toLowerCase().endsWith(`@${ERASED_DOMAIN}`);

export const ERASED_NAME = 'Erased';

/** Why a queued email to an erased person was not sent. */
export const ERASED_NOT_SENT = 'Not sent: this person’s data was erased on request';
