import { z } from 'zod';
import { INTEREST_STATUSES, LIMITS, NO_QUESTION_PROVIDED } from '../constants';
import { storableText } from '../text';
import { emailField, interestPhoneField, nameField } from './fields';

/** Interest form (SPEC §5): name and email required, phone optional. */
export const interestFormSchema = z.object({
  name: nameField,
  email: emailField,
  phone: interestPhoneField,
});
export type InterestFormInput = z.input<typeof interestFormSchema>;

const issueText = z
  .string({ error: 'Please explain your issue' })
  .refine(...storableText('message'))
  .trim()
  .min(1, 'Please explain your issue')
  .max(LIMITS.issueText, 'Issue must be 500 characters or less');

/** 'Facing issues?' modal: all three fields required, issue text up to 500. */
export const issueFormSchema = z.object({
  name: nameField,
  email: emailField,
  message: issueText,
});
export type IssueFormInput = z.input<typeof issueFormSchema>;

/** 'Have Questions?' widget: the question is optional and stored as 'No question provided'. */
export const questionFormSchema = z.object({
  name: nameField,
  email: emailField,
  message: z
    .string()
    .refine(...storableText('message'))
    .trim()
    .max(LIMITS.issueText, 'Question must be 500 characters or less')
    .default('')
    .transform((v) => (v === '' ? NO_QUESTION_PROVIDED : v)),
});
export type QuestionFormInput = z.input<typeof questionFormSchema>;

/** Contact page 'Send Message' form; sent to the team as an issue request. */
export const contactFormSchema = z.object({
  first_name: z.string().refine(...storableText('first_name')).trim().min(1, 'First name is required').max(50, 'First name must be less than 50 characters'),
  last_name: z.string().refine(...storableText('last_name')).trim().max(50, 'Last name must be less than 50 characters').default(''),
  email: emailField,
  subject: z.string().refine(...storableText('subject')).trim().min(1, 'Subject is required').max(100, 'Subject must be less than 100 characters'),
  message: z.string().refine(...storableText('message')).trim().min(1, 'Message is required').max(LIMITS.issueText, 'Message must be 500 characters or less'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** The one body POST /api/interests takes: the form it came from decides the rules. */
export const interestSubmissionSchema = z.discriminatedUnion('source', [
  interestFormSchema.extend({ source: z.literal('interest') }),
  issueFormSchema.extend({ source: z.literal('issue') }),
  questionFormSchema.extend({ source: z.literal('question') }),
  contactFormSchema.extend({ source: z.literal('contact') }),
]);
export type InterestSubmission = z.input<typeof interestSubmissionSchema>;

export const interestStatusSchema = z.enum(INTEREST_STATUSES, { error: 'Status must be interested, contacted or converted' });
export type InterestStatus = z.infer<typeof interestStatusSchema>;

export const interestStatusUpdateSchema = z.object({ status: interestStatusSchema });
