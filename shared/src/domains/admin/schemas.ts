import { z } from 'zod';
import { isValidTimeZone } from '../../time/zoned-format';
import { DIVISIONS, EMP_LEVELS, ROLES } from '../../codes';
import { ASSISTANT_FILE_KINDS } from './files';
import { US_STATES } from './us-states';
import { assistantDtoSchema } from '../assistant/controls';

const divisionId = z.enum(DIVISIONS.map((d) => d.id) as [string, ...string[]]);
const name = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(200);
const code = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(40).regex(/^[A-Za-z0-9_-]+$/, `${what} takes letters, digits, - and _`);
const brands = z.array(z.string().trim().min(1).max(60)).max(40);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);
/** An IANA time zone the server and browsers know. */
export const timeZoneSchema = z.string().trim().min(1, 'Office time zone is required').max(64).refine(isValidTimeZone, 'Unknown time zone');

/** A US phone number as typed: 10 digits, with or without +1 and punctuation. */
export const usPhoneSchema = z.string().trim().max(32).refine((v) => !/[a-z]/i.test(v) && /^(?:1)?\d{10}$/.test(v.replace(/\D/g, '')), 'Invalid Number');

export const adminEnterpriseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brands: z.array(z.string()),
  hasLogo: z.boolean(),
  leadFormEnabled: z.boolean(),
  outgoingEmail: z.string().nullable(),
  bocCount: z.number().int(),
  storeCount: z.number().int(),
});
export type AdminEnterprise = z.infer<typeof adminEnterpriseSchema>;

export const enterpriseInputSchema = z.object({
  name: name('Name'),
  brands: brands.default([]),
  leadFormEnabled: z.boolean().default(true),
  outgoingEmail: z.email('Invalid email').max(200).nullish().transform((v) => v || null),
});
export type EnterpriseInput = z.input<typeof enterpriseInputSchema>;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Logos are shown in the app bar at 40 px high; 256 kB is plenty and keeps every page load light. */
export const MAX_LOGO_BYTES = 256 * 1024;
export const logoInputSchema = z.object({
  contentType: z.enum(LOGO_TYPES, { error: 'The logo must be a PNG, JPEG or WebP image' }),
  /** The image, base64-encoded. */
  data: z.string().min(1, 'The logo is empty').max(Math.ceil((MAX_LOGO_BYTES * 4) / 3) + 4, 'The logo is larger than 256 kB').regex(/^[A-Za-z0-9+/]+=*$/, 'The logo must be base64'),
});
export const logoSchema = z.object({ contentType: z.enum(LOGO_TYPES), data: z.string() });
export type Logo = z.infer<typeof logoSchema>;

export const adminBocSchema = z.object({ id: z.number().int(), bocId: z.string(), bocName: z.string(), enterpriseId: z.number().int(), storeCount: z.number().int() });
export type AdminBoc = z.infer<typeof adminBocSchema>;
export const bocInputSchema = z.object({ enterpriseId: z.number().int().positive(), bocId: code('BOC code'), bocName: name('BOC name') });
export type BocInput = z.input<typeof bocInputSchema>;
export const bocUpdateSchema = bocInputSchema.omit({ enterpriseId: true });

export const A2P_STATUSES = ['NOT_REGISTERED', 'PENDING', 'REGISTERED', 'REJECTED'] as const;
export type A2pStatus = (typeof A2P_STATUSES)[number];
export const A2P_STATUS_LABELS: Record<A2pStatus, string> = {
  NOT_REGISTERED: 'Not registered',
  PENDING: 'Registration pending',
  REGISTERED: 'Registered',
  REJECTED: 'Registration rejected',
};

export const adminStoreSchema = z.object({
  id: z.number().int(),
  storeId: z.string(),
  /** The name store lists show (a fixed display name for some stores). */
  storeName: z.string(),
  legalName: z.string(),
  bocId: z.number().int(),
  bocCode: z.string(),
  bocName: z.string(),
  enterpriseId: z.number().int(),
  officeTimeZone: z.string(),
  timezoneDisplay: z.string(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  brands: z.array(z.string()),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  a2pStatus: z.enum(A2P_STATUSES),
  a2pBrandId: z.string().nullable(),
  a2pCampaignId: z.string().nullable(),
  /** Texting numbers the store's assistants send from. */
  textingNumbers: z.array(z.string()),
});
export type AdminStore = z.infer<typeof adminStoreSchema>;

export const storeInputSchema = z.object({
  bocId: z.number().int().positive(),
  storeId: code('Store code'),
  storeName: name('Store name'),
  officeTimeZone: timeZoneSchema,
  address: optionalText(300),
  state: z.string().trim().refine((v) => v === '' || US_STATES.some((s) => s.code === v), 'Choose a state').nullish().transform((v) => v || null),
  brands: brands.default([]),
  phoneNumber: usPhoneSchema.nullish().transform((v) => v || null),
  email: z.email('Invalid email').max(200).nullish().transform((v) => v || null),
});
export type StoreInput = z.input<typeof storeInputSchema>;
export const storeMappingSchema = z.object({ bocId: z.number().int().positive() });
export const a2pInputSchema = z.object({
  a2pStatus: z.enum(A2P_STATUSES),
  a2pBrandId: optionalText(64),
  a2pCampaignId: optionalText(64),
});

export const adminUserSchema = z.object({
  userMasterId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  empLevel: z.enum(EMP_LEVELS),
  enterpriseId: z.number().int(),
  bocId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  divisionId: z.string().nullable(),
  blocked: z.boolean(),
  guest: z.boolean(),
  createdOn: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const passwordSchema = z.string({ error: 'Password is required' }).min(8, 'At least 8 characters').max(200);
const usernameSchema = z.string({ error: 'Username is required' }).trim().min(3, 'At least 3 characters').max(60).regex(/^[A-Za-z0-9._@-]+$/, 'Letters, digits and . _ @ - only');

const scopeFields = {
  empLevel: z.enum(EMP_LEVELS),
  enterpriseId: z.number().int().positive(),
  bocId: z.number().int().positive().nullish().transform((v) => v ?? null),
  storeId: z.number().int().positive().nullish().transform((v) => v ?? null),
  divisionId: divisionId.nullish().transform((v) => v ?? null),
};

export const userCreateSchema = z.object({
  username: usernameSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.email('Invalid email').max(200).nullish().transform((v) => v || null),
  roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role').max(10).default(['ENTERPRISE_USER']),
  guest: z.boolean().default(false),
  /** Absent: the user gets an emailed link to choose one (an invitation). */
  password: passwordSchema.nullish().transform((v) => v ?? null),
  ...scopeFields,
});
export type UserCreate = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.email('Invalid email').max(200).nullish().transform((v) => v || null),
  roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role').max(10),
  ...scopeFields,
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const passwordResetResultSchema = z.object({ message: z.string(), sentTo: z.string().nullable() });

export const forgotPasswordSchema = z.object({ username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100) });
export const resetPasswordSchema = z.object({ token: z.string().min(10).max(200), password: passwordSchema });
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1, 'Current password is required').max(200), newPassword: passwordSchema });

export const registrationInputSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z.email('Invalid email').max(200),
  username: usernameSchema,
  storeId: z.number().int().positive({ error: 'Choose your store' }),
  note: z.string().trim().max(500).default(''),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;
export const registrationStoreSchema = z.object({ id: z.number().int(), name: z.string(), enterpriseName: z.string() });

export const REGISTRATION_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export const registrationSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  enterpriseId: z.number().int(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  note: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  createdOn: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;
export const registrationApprovalSchema = z.object({ roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role').max(10).default(['OFFICE_USER']) });

/** An audited record's fields; each value is whatever JSON the record held. */
const auditValuesSchema = z.record(z.string(), z.unknown());
export const auditEntrySchema = z.object({
  id: z.number().int(),
  enterpriseId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The changed record's fields before and after, as written (values of any JSON type). */
  before: auditValuesSchema.nullable(),
  after: auditValuesSchema.nullable(),
  createdOn: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const adminAuditPageSchema = z.object({ content: z.array(auditEntrySchema), page: z.number().int(), size: z.number().int(), total: z.number().int() });

// Telephony ---------------------------------------------------------------------------------------

export const TWILIO_SERVICE_TYPES = ['CHAT', 'SMS_AND_CALL'] as const;
export type TwilioServiceType = (typeof TWILIO_SERVICE_TYPES)[number];

const sid = (prefix: string, what: string) => z.string({ error: `${what} is required` }).trim().regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), `${what} starts with ${prefix} and has 34 characters`);
const secret = (what: string) => z.string({ error: `${what} is required` }).trim().min(8, `${what} is required`).max(200);

export const twilioCredentialsSchema = z.object({ accountSid: sid('AC', 'Account SID'), authToken: secret('Auth token') });
export const twilioConfigInputSchema = twilioCredentialsSchema.extend({
  storeId: z.number().int().positive(),
  twilioServiceType: z.enum(TWILIO_SERVICE_TYPES),
  apiKeySid: sid('SK', 'API key SID').nullish().transform((v) => v || null),
  /** Left empty on an update: the stored secret is kept. */
  apiKeySecret: z.string().trim().max(200).nullish().transform((v) => v || null),
  chatServiceSid: sid('IS', 'Chat service SID').nullish().transform((v) => v || null),
});
export type TwilioConfigInput = z.input<typeof twilioConfigInputSchema>;

/** A stored configuration as a browser sees it: secrets only as their last four characters. */
export const twilioConfigSchema = z.object({
  storeId: z.number().int(),
  twilioServiceType: z.enum(TWILIO_SERVICE_TYPES),
  accountSid: z.string(),
  authTokenHint: z.string(),
  apiKeySid: z.string().nullable(),
  apiKeySecretHint: z.string().nullable(),
  chatServiceSid: z.string().nullable(),
  verifiedOn: z.string().nullable(),
});
export type TwilioConfig = z.infer<typeof twilioConfigSchema>;

export const credentialCheckSchema = z.object({
  accountSidAndAuthTokenVerified: z.boolean(),
  testUserAccessToken: z.string().nullable(),
  accountSidAndAuthTokenErrorMessage: z.string().nullable(),
});
export type CredentialCheck = z.infer<typeof credentialCheckSchema>;
export const accessTokenSchema = z.object({ accessToken: z.string() });

export const bandwidthCredentialsSchema = z.object({
  accountId: z.string({ error: 'Account id is required' }).trim().min(1, 'Account id is required').max(40).regex(/^\d+$/, 'Account id is a number'),
  username: secret('Username'),
  password: secret('Password'),
  applicationId: z.string().trim().max(64).nullish().transform((v) => v || null),
});
export const bandwidthConfigInputSchema = bandwidthCredentialsSchema.extend({ storeId: z.number().int().positive() });
export const bandwidthConfigSchema = z.object({
  storeId: z.number().int(),
  accountId: z.string(),
  usernameHint: z.string(),
  applicationId: z.string().nullable(),
  verifiedOn: z.string().nullable(),
});
export const smsValidationSchema = z.object({ verified: z.boolean(), message: z.string(), provider: z.enum(['twilio', 'bandwidth', 'simulator']) });

export const areaCodeSchema = z.string({ error: 'Area code is required' }).trim().regex(/^[2-9]\d{2}$/, 'An area code has 3 digits and does not start with 0 or 1');
export const numberSearchSchema = z.object({ storeId: z.number().int().positive(), areaCode: areaCodeSchema });
export const availableNumberSchema = z.object({ phoneNumber: z.string(), friendlyName: z.string(), locality: z.string().nullable(), region: z.string().nullable() });
export type AvailableNumber = z.infer<typeof availableNumberSchema>;
export const numberPurchaseSchema = z.object({ storeId: z.number().int().positive(), phoneNumber: usPhoneSchema });
export const numberAssignSchema = z.object({ phoneNumber: usPhoneSchema, storeId: z.number().int().positive(), divisionId: divisionId.default('DIV004') });
export const ownedNumberSchema = z.object({
  phoneNumber: z.string(),
  provider: z.enum(['twilio', 'bandwidth', 'simulator']),
  carrierId: z.string(),
  areaCode: z.string(),
  enterpriseId: z.number().int().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  divisionId: z.string().nullable(),
  purchasedOn: z.string(),
});
export type OwnedNumber = z.infer<typeof ownedNumberSchema>;

/** The texts of the chat connection check (operations §8). */
export const CHAT_MESSAGES = {
  invalidCredentials: 'Invalid Credentials',
  connectionFailed: 'Connection to twilio chat failed. Please check twilio credentials.',
} as const;
/** After invalid chat credentials the page reloads after this long (operations §9). */
export const CHAT_RELOAD_DELAY_MS = 200;
export const chatCheckSchema = z.object({ authenticated: z.boolean(), message: z.string().nullable() });

// The assistant -----------------------------------------------------------------------------------

/** An assistant as the administration screens read it: the same record the staff controls list. */
export const adminAssistantSchema = assistantDtoSchema;
export type AdminAssistant = z.infer<typeof adminAssistantSchema>;
export const assistantInputSchema = z.object({
  storeId: z.number().int().positive(),
  divisionId,
  agentFirstName: name('First name'),
  agentLastName: name('Last name'),
  agentEmail: z.email('Invalid email').max(200).nullish().transform((v) => v || null),
  agentPhoneNumber: usPhoneSchema.nullish().transform((v) => v || null),
  initializerProcessEnabled: z.boolean().default(false),
  isFullyAiva: z.boolean().default(false),
});
export type AssistantInput = z.input<typeof assistantInputSchema>;

export const fileScopeSchema = z.object({ storeId: z.coerce.number().int().positive(), divisionId: divisionId.default('DIV004') });
export const assistantFileSchema = z.object({
  fileName: z.string(),
  fileContent: z.string(),
  kind: z.enum(ASSISTANT_FILE_KINDS),
  /** 0: the product's default, never saved for this store and division. */
  version: z.number().int(),
  updatedOn: z.string().nullable(),
});
export type AssistantFile = z.infer<typeof assistantFileSchema>;
export const aivaFileNamesSchema = z.object({ fileNames: z.array(z.string()), tenant: z.object({ storeId: z.number().int(), divisionId: z.string(), isFullyAiva: z.boolean() }) });
export const fileSaveSchema = z.object({
  storeId: z.number().int().positive(),
  divisionId: divisionId.default('DIV004'),
  fileName: z.string().trim().min(1, 'File name is required').max(80),
  fileContent: z.string().max(100_000),
});
export const fileVersionSchema = z.object({ version: z.number().int(), restoredFrom: z.number().int().nullable(), createdBy: z.string().nullable(), createdOn: z.string(), fileContent: z.string() });
export const fileRollbackSchema = fileSaveSchema.pick({ storeId: true, divisionId: true, fileName: true }).extend({ version: z.number().int().positive().max(1_000_000) });
export const fileCheckSchema = z.object({ valid: z.boolean(), errors: z.array(z.object({ field: z.string(), message: z.string() })) });
export const templatePreviewInputSchema = z.object({
  futureServiceInteractionId: z.number().int().positive(),
  fileContent: z.string().min(1, 'Template is required').max(1600),
});
export const templatePreviewSchema = z.object({ text: z.string(), unknownFields: z.array(z.string()) });
export const executeInputSchema = z.object({
  storeId: z.number().int().positive(),
  divisionId: divisionId.default('DIV004'),
  message: z.string().trim().min(1, 'Please Enter Message').max(1600),
  futureServiceInteractionId: z.number().int().positive().nullish().transform((v) => v ?? null),
});
export const executeResultSchema = z.object({
  id: z.number().int(),
  /** A developer-area run (EXECUTE) or a customer message the assistant answered (CONVERSATION). */
  source: z.enum(['EXECUTE', 'CONVERSATION']),
  input: z.string(),
  ruleIntent: z.string().nullable(),
  finalIntentNames: z.array(z.string()),
  multiIntentNames: z.array(z.string()),
  step: z.string(),
  reply: z.string().nullable(),
  createdOn: z.string(),
});
export type ExecuteResult = z.infer<typeof executeResultSchema>;
export const devLogInputSchema = z.object({ storeId: z.number().int().positive(), divisionId: divisionId.default('DIV004'), limit: z.number().int().min(1).max(200).default(50) });
