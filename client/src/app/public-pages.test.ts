import { describe, expect, it } from 'vitest';
import { publicPageAt } from './public-pages';

describe('publicPageAt', () => {
  it('shows the login on its own to a visitor only', () => {
    expect(publicPageAt('/login', 'app.example', false)).toEqual({ kind: 'login' });
    expect(publicPageAt('/login', 'app.example', true)).toBeNull();
  });
  it('shows every lead form on its own, signed in or not', () => {
    expect(publicPageAt('/lead-submission', 'app.example', false)).toEqual({ kind: 'lead-form', form: 'generic' });
    expect(publicPageAt('/lead-submission-toyota/', 'app.example', true)).toEqual({ kind: 'lead-form', form: 'toyota' });
  });
  it('shows the generic form at the root of the lead-submission sub-domain only', () => {
    expect(publicPageAt('/', 'lead-submission.example.com', false)).toEqual({ kind: 'lead-form', form: 'generic' });
    expect(publicPageAt('/', 'app.example', false)).toBeNull();
  });
  it('leaves every other address to the app', () => {
    for (const path of ['/leadmanager', '/register', '/layout', '/404', '/lead-submission-ferrari', '/service/landing']) {
      expect(publicPageAt(path, 'app.example', false)).toBeNull();
    }
  });
});
