import { useSearchParams } from 'react-router-dom';
import { MeetingPage } from '../../../features/landing';

/** /landing: the meeting page, loaded on demand (public, signed link). */
export default function MeetingRoute() {
  const [search] = useSearchParams();
  return <MeetingPage search={search} />;
}
