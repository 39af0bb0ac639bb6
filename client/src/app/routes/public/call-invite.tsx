import { useSearchParams } from 'react-router-dom';
import { CallInvitePage } from '../../../features/landing';

/** /service/landing?futureServiceInteractionId=&userMasterId=&token= (public, signed link). */
export default function CallInviteRoute() {
  const [search] = useSearchParams();
  return (
    <CallInvitePage
      query={{
        futureServiceInteractionId: search.get('futureServiceInteractionId') ?? '',
        userMasterId: search.get('userMasterId') ?? '',
        token: search.get('token') ?? '',
      }}
    />
  );
}
