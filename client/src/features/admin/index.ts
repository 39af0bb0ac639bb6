// Administration: the organisation, users, telephony, chat settings, the assistant and its files,
// the audit log; and the account pages (register request, password links).
export { AdminConsole } from './components/admin-console';
export { EnterpriseLogo } from './components/enterprise-logo';
export { ChangePasswordButton } from './components/change-password';
export { ForgotPasswordForm, RegisterForm, ResetPasswordForm } from './components/account-forms';
export { TouchTargets } from './components/touch-targets';
