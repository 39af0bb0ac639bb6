/** The login form's rule, shared by the form (checked before sending) and the server's loginSchema. */
export const LOGIN_TEXT = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

export type LoginValues = { username: string; password: string };

export type LoginCheck =
  | { ok: true; username: string; password: string }
  | { ok: false; errors: Partial<Record<keyof LoginValues, string>> };

/**
 * Both fields are required; the username is sent trimmed. Lengths are the server's to refuse (its
 * answer names the field), so the form needs no schema library to check a login.
 */
export function checkLogin(values: LoginValues): LoginCheck {
  const username = values.username.trim();
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (!username) errors.username = LOGIN_TEXT.usernameRequired;
  if (!values.password) errors.password = LOGIN_TEXT.passwordRequired;
  if (errors.username || errors.password) return { ok: false, errors };
  return { ok: true, username, password: values.password };
}
