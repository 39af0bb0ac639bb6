// The auth feature's calls; the rest of the feature imports them from here.
export { login } from './login';
export { endServerSession } from './logout';
export { getCurrentUser } from './get-current-user';
