import { z } from 'zod';
import { emailField, idField, nameField } from './fields';

/** Preview gate: the interest form's name and email rules, with the workshop being previewed. */
export const videoLeadSchema = z.object({
  name: nameField,
  email: emailField,
  workshop_id: idField.nullable().default(null),
});
export type VideoLeadInput = z.input<typeof videoLeadSchema>;
