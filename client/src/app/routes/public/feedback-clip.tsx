import { useSearchParams } from 'react-router-dom';
import { FeedbackClipPage } from '../../../features/landing';

/** /FeedbackClip?token= (public, signed link). */
export default function FeedbackClipRoute() {
  const [search] = useSearchParams();
  return <FeedbackClipPage token={search.get('token') ?? ''} />;
}
