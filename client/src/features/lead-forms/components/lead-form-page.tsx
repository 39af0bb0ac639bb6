import { useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  LEAD_CONSENT_TEXT,
  LEAD_FORM_TEXT,
  checkLeadForm,
  leadMessage,
  type LeadForm,
  type LeadFormConfig,
  type LeadFormField,
  type LeadFormValues,
} from '@drivebay/shared';
import { TextInput } from '../../../components/text-input';
import { ApiRequestError } from '../../../lib/api-client';
import { getLeadFormConfig, submitLead } from '../api';
import { FormLogo } from './form-logo';
import { LeadResult, type LeadOutcome } from './lead-result';

const EMPTY: LeadFormValues = { firstName: '', lastName: '', phone: '' };

/** Why a submission failed, in words for the customer: the server's reason (429 included) or none. */
function failureReason(error: unknown): string | null {
  if (error instanceof ApiRequestError) {
    if (error.status === null) return 'We could not reach the dealership. Check your connection and try again.';
    return error.details[0]?.message && error.code === 'VALIDATION_FAILED' ? error.details[0].message : error.serverMessage;
  }
  return null;
}

/**
 * BOOK APPOINTMENT VIA TEXT: name and mobile number, the consent the customer gives, Submit. The
 * form checks the fields itself (spec §5) and the server checks them again with the same rule.
 */
export function LeadFormPage({ form }: { form: LeadForm }) {
  const [config, setConfig] = useState<LeadFormConfig | null>(null);
  const [values, setValues] = useState<LeadFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<LeadFormField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<LeadOutcome | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // The form works without its settings except for the store number, which Submit waits for.
    getLeadFormConfig(form, controller.signal).then(setConfig, () => undefined);
    return () => controller.abort();
  }, [form]);

  const consentText = config?.consentText ?? LEAD_CONSENT_TEXT;

  const change = (field: LeadFormField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const check = checkLeadForm(next);
      setErrors(check.ok ? {} : check.errors);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const check = checkLeadForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const settings = config ?? (await getLeadFormConfig(form));
      if (!settings.storePhoneNumber) {
        setOutcome({ kind: 'failed', reason: LEAD_FORM_TEXT.unknownStore });
        return;
      }
      const result = await submitLead({
        firstName: check.firstName,
        lastName: check.lastName,
        customerPhoneNumber: check.customerPhoneNumber,
        storePhoneNumber: settings.storePhoneNumber,
        message: leadMessage(form, check.firstName, check.lastName),
        consentText: settings.consentText,
        consentVersion: settings.consentVersion,
      });
      setOutcome(result.status === 'success' ? { kind: 'success', texted: result.texted } : { kind: 'failed', reason: result.reason });
    } catch (error) {
      setOutcome({ kind: 'failed', reason: failureReason(error) });
    } finally {
      setSending(false);
    }
  };

  const field = (name: LeadFormField, label: string, extra: Partial<ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      name={name}
      label={label}
      value={values[name]}
      onChange={(e) => change(name, e.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ?? ' '}
      disabled={sending}
      fullWidth
      size="medium"
      {...extra}
    />
  );

  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center', alignItems: { sm: 'center' }, p: { xs: 0, sm: 2 } }}>
      <title>{`${LEAD_FORM_TEXT.title}${config?.storeName ? ` · ${config.storeName}` : ''}`}</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 }, borderRadius: { xs: 0, sm: 2 } }}>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <FormLogo form={form} dealer={config} />
          </Box>
          <Typography variant="h5" component="h1" sx={{ textAlign: 'center', fontWeight: 700, letterSpacing: '0.02em' }}>
            {LEAD_FORM_TEXT.title}
          </Typography>
          {config?.storeName ? (
            <Typography variant="subtitle2" color="text.secondary" sx={{ textAlign: 'center', mt: -1.5 }}>
              {config.storeName}
            </Typography>
          ) : null}
          {outcome ? (
            <LeadResult form={form} outcome={outcome} onAgain={() => setOutcome(null)} />
          ) : (
            <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
              <Typography color="text.secondary" sx={{ mb: 2.5 }}>
                {LEAD_FORM_TEXT.intro}
              </Typography>
              <Stack spacing={0.5}>
                {field('firstName', 'First name', { autoComplete: 'given-name' })}
                {field('lastName', 'Last name', { autoComplete: 'family-name' })}
                {field('phone', 'Mobile phone', {
                  autoComplete: 'tel-national',
                  type: 'tel',
                  startAdornment: <InputAdornment position="start">+1</InputAdornment>,
                  inputProps: { inputMode: 'tel' },
                })}
              </Stack>
              <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1, mb: 2.5 }} data-testid="lead-consent">
                {consentText}
              </Typography>
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={sending}
                startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Submit
              </Button>
            </Box>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
