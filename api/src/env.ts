import { z } from 'zod';
import proxyaddr from 'proxy-addr';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the API process; see README "Settings". */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The address customers and carriers reach the product at; signatures and links are built on it. */
  PUBLIC_URL: z.url().optional(),
  /** A PostgreSQL server; when absent, the embedded PGlite engine keeps its data under DATA_DIR. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().default('.data'),
  /** Seed the demo enterprise on first start. */
  SEED_DEMO: bool.default(true),
  /** Attach the sync server on /collab of the same port (single-process mode). */
  EMBED_SYNC: bool.default(true),
  /** Serve the built client (from CLIENT_DIR). */
  SERVE_CLIENT: bool.default(true),
  /** Where the built client is. */
  CLIENT_DIR: z.string().min(1).default('client/dist'),
  /** How often the simulated dealer system moves repair orders (ms); 0 turns it off. */
  DEALER_FEED_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  /** An OpenAI-compatible chat endpoint that may rephrase the assistant's replies; off when unset. */
  ASSISTANT_LLM_BASE_URL: z.url().optional(),
  ASSISTANT_LLM_API_KEY: z.string().optional(),
  ASSISTANT_LLM_MODEL: z.string().optional(),
  /** Hold texts that are not replies to a customer who just wrote until 08:00 their time (21:00-08:00). */
  QUIET_HOURS: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Default carrier account for stores without their own. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** Default outgoing mail server for stores without their own (smtp://user:pass@host:port). */
  SMTP_URL: z.string().optional(),
  /** Bandwidth messaging, used instead of Twilio when its account is set. */
  BANDWIDTH_ACCOUNT_ID: z.string().optional(),
  BANDWIDTH_USERNAME: z.string().optional(),
  BANDWIDTH_PASSWORD: z.string().optional(),
  BANDWIDTH_APPLICATION_ID: z.string().optional(),
  BANDWIDTH_CALLBACK_USERNAME: z.string().optional(),
  BANDWIDTH_CALLBACK_PASSWORD: z.string().optional(),
  BANDWIDTH_API_URL: z.url().optional(),
  /** Signs the links of the public pages (deal room, landing pages); absent, one is kept in the database. */
  LINK_SECRET: z.string().min(32).optional(),
  /** Encrypts the secrets kept in the database (data-source and carrier credentials); absent, one key is kept in the database. */
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, `loopback`, `linklocal`,
   * `uniquelocal`, comma-separated); empty means the socket's peer is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .refine(
      (list) => {
        try {
          proxyaddr.compile(list);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be addresses, CIDR ranges or loopback / linklocal / uniquelocal, comma-separated' },
    ),
}).refine((e) => e.PUBLIC_URL || !(e.TWILIO_ACCOUNT_SID || e.BANDWIDTH_ACCOUNT_ID), {
  path: ['PUBLIC_URL'],
  message: 'is required with a real carrier: carriers call the product back at this address',
});
export type Env = z.infer<typeof envSchema>;

/** Parses the environment once; on bad values prints every problem and exits. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!result.success) {
    for (const issue of result.error.issues) console.error(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
    process.exit(1);
  }
  return result.data;
}
