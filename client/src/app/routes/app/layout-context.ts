import { useOutletContext } from 'react-router-dom';
import type { UserData } from '@drivebay/shared';
import type { OrgScope } from '../../../features/org';
import type { Selection } from '../../../lib/session/storage';

/** What the main layout hands to the screens inside it. */
export type LayoutContext = {
  user: UserData;
  selection: Selection;
  scope: OrgScope;
};

export function useLayoutContext(): LayoutContext {
  return useOutletContext<LayoutContext>();
}
