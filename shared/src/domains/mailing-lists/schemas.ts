import { z } from 'zod';
import { MAILING_LIST_TEXT } from './constants';
import { hasListName, hasListPrefix } from './rules';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive();

/** `POST /mailinglist`: tenantId is the store the list belongs to. */
export const createMailingListSchema = z.object({
  code: z
    .string({ error: MAILING_LIST_TEXT.codeRequired })
    .trim()
    .min(1, MAILING_LIST_TEXT.codeRequired)
    .max(60)
    .refine(hasListPrefix, MAILING_LIST_TEXT.serverCodeRule)
    // Only for a code with the prefix, so a code without one gets the one message the screen knows.
    .refine((code) => !hasListPrefix(code) || hasListName(code), MAILING_LIST_TEXT.codeNameRequired),
  tenantId: idParam,
});
export type CreateMailingList = z.input<typeof createMailingListSchema>;

export const mailingListSchema = z.object({
  mailingListMasterId: id,
  code: z.string(),
  tenantId: id,
  memberCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
});
export type MailingList = z.infer<typeof mailingListSchema>;

export const mailingListQuerySchema = z.object({ tenantId: idParam });
export const deleteMailingListQuerySchema = z.object({ tenantId: idParam, mailingListMasterId: idParam });
export const mailingListDetailsQuerySchema = z.object({ tenantId: idParam, mailingListMasterId: idParam });
export const deleteMailingListDetailQuerySchema = z.object({ tenantId: idParam, mailingListDetailsId: idParam });

/**
 * `POST /mailinglist/details`: one contact onto a list. A customer of the store (their name,
 * e-mail and mobile are copied), or an e-mail address and/or a mobile number with a name.
 */
export const addMailingListDetailSchema = z
  .object({
    tenantId: idParam,
    mailingListMasterId: idParam,
    customerId: idParam.optional(),
    name: z.string().trim().max(200).optional(),
    email: z.email('Invalid email address').max(320).optional().or(z.literal('').transform(() => undefined)),
    phone: z.string().trim().max(32).optional(),
  })
  .refine((v) => v.customerId !== undefined || !!v.email || !!v.phone, {
    message: MAILING_LIST_TEXT.memberRequired,
    path: ['customerId'],
  });
export type AddMailingListDetail = z.input<typeof addMailingListDetailSchema>;

export const mailingListDetailSchema = z.object({
  mailingListDetailsId: id,
  mailingListMasterId: id,
  customerId: id.nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdOn: z.string(),
});
export type MailingListDetail = z.infer<typeof mailingListDetailSchema>;

export const mailingListDetailsSchema = z.object({
  mailingList: mailingListSchema,
  details: z.array(mailingListDetailSchema),
});
export type MailingListDetails = z.infer<typeof mailingListDetailsSchema>;
