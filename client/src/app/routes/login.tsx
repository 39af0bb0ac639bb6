import { useNavigate } from 'react-router-dom';
import { LoginPage } from './login-page';

/** /login inside the app (the router places it behind VisitorsOnly): its links move within the app. */
export function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onNavigate={navigate} />;
}
