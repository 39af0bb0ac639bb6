import { useSearchParams } from 'react-router-dom';
import { EmailAutoResponsePage } from '../../../features/landing';

/** /email/auto-response-result: records the customer's answer from an e-mail link (public). */
export default function EmailAutoResponseRoute() {
  const [search] = useSearchParams();
  return <EmailAutoResponsePage search={search} />;
}
