import { useSearchParams } from 'react-router-dom';
import { MailConfirmationPage } from '../../../features/landing';

/** /mailconfirmation?token= (public, signed link). */
export default function MailConfirmationRoute() {
  const [search] = useSearchParams();
  return <MailConfirmationPage token={search.get('token') ?? ''} />;
}
