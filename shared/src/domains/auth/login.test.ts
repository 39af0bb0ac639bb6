import { describe, expect, it } from 'vitest';
import { checkLogin } from './login';
import { loginSchema } from './schemas';

describe('checkLogin', () => {
  it('requires both fields with the messages the server’s schema uses', () => {
    expect(checkLogin({ username: '  ', password: '' })).toEqual({
      ok: false,
      errors: { username: 'Username is required', password: 'Password is required' },
    });
    const server = loginSchema.safeParse({ username: '  ', password: '' });
    expect(server.success ? [] : server.error.issues.map((i) => i.message)).toEqual(['Username is required', 'Password is required']);
  });
  it('sends the username trimmed and the password as typed, as the schema parses them', () => {
    const values = { username: ' office_manager ', password: ' demo ' };
    const checked = checkLogin(values);
    expect(checked).toEqual({ ok: true, username: 'office_manager', password: ' demo ' });
    expect(loginSchema.parse(values)).toEqual({ username: 'office_manager', password: ' demo ' });
  });
});
