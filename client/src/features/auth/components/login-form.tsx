import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import LoginIcon from '@mui/icons-material/Login';
import { checkLogin, type LoginValues, type UserData } from '@drivebay/shared';
import { TextInput } from '../../../components/text-input';
import { ApiRequestError } from '../../../lib/api-client';
import { login } from '../api';

type Field = keyof LoginValues;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['username', 'password'];

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** The message above the form for a failed sign-in: the server's own words when it sent some. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === null) return 'Cannot reach the server. Check your connection and try again.';
    if (error.serverMessage) return error.serverMessage;
  }
  return 'Sign-in failed. Please try again.';
}

/** Server validation details name fields as `body.username`; they are shown under the field. */
function fieldErrorsFrom(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiRequestError)) return errors;
  for (const detail of error.details) {
    const name = detail.field.split('.').pop();
    if (isField(name)) errors[name] = detail.message;
  }
  return errors;
}

/** `onStart` runs when someone begins to sign in (first keystroke or submit), e.g. to fetch what comes next. */
export function LoginForm({ onSignedIn, onStart }: { onSignedIn: (user: UserData) => void; onStart?: () => void }) {
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    onStart?.();
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    onStart?.();
    const checked = checkLogin(values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const user = await login({ username: checked.username, password: checked.password });
      onSignedIn(user);
    } catch (err) {
      setError(failureMessage(err));
      setFieldErrors(fieldErrorsFrom(err));
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack spacing={2.5}>
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          fullWidth
          size="medium"
          value={values.username}
          onChange={change('username')}
          error={Boolean(fieldErrors.username)}
          helperText={fieldErrors.username}
        />
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          fullWidth
          size="medium"
          value={values.password}
          onChange={change('password')}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={submitting}
          loadingPosition="start"
          startIcon={<LoginIcon />}
        >
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
