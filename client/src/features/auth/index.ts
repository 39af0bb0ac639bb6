// Signing in and out: the login form, the user menu, and the session checks the route layouts run.
export { LoginForm } from './components/login-form';
export { UserMenu } from './components/user-menu';
export { useIdleLogout } from './hooks/use-idle-logout';
export { useSessionCheck } from './hooks/use-session-check';
