import { Navigate } from 'react-router-dom';
import { canOpenAdmin, homePathFor } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { AdminConsole } from '../../../features/admin';
import { useLayoutContext } from './layout-context';

/** /admin: organisation, users, telephony, chat settings, the assistant and its files, the audit log. */
export default function AdminScreen() {
  const { user } = useLayoutContext();
  if (!canOpenAdmin(user.roles)) return <Navigate to={homePathFor(user)} replace />;
  return (
    <>
      <PageHeader title="Administration" subtitle="Stores, people, phone numbers and the assistant of your dealer group. Every change is recorded in the audit log." />
      <AdminConsole user={user} />
    </>
  );
}
