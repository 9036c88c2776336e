import { PASSWORD_MESSAGES } from '@workshop/shared';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { ValidationError } from '../http/errors';

/** What a guesser tries first on this product: its own words, and the admin's address. */
const PRODUCT_WORDS = ['nocode', 'no-code', 'workshop', 'workshops', 'nocodeworkshop', 'admin', 'password'];
/** zxcvbn's "safely unguessable" (about 10^10 guesses): ASVS level 2's bar for a memorised secret. */
const MIN_SCORE = 3;

let ready = false;
function options(): void {
  if (ready) return;
  zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  ready = true;
}

/** Refuses (400 on `new_password`) a password a guesser would find soon, given who it protects. */
export function assertStrongPassword(password: string, email: string): void {
  options();
  const local = email.split('@')[0] ?? '';
  if (zxcvbn(password, [...PRODUCT_WORDS, email, local]).score < MIN_SCORE) throw new ValidationError(PASSWORD_MESSAGES.weak, { new_password: PASSWORD_MESSAGES.weak });
}
