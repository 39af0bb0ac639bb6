import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS, homePathFor, type Store } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { CompanyDirectory } from '../../../features/org';
import { canOpenCompanyDirectory } from '../../../lib/permissions';
import { setSelection } from '../../../lib/session/session-store';
import { useLayoutContext } from './layout-context';

function enterpriseParam(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** /CompanyMasterList, optionally narrowed with ?enterprise=ID. */
export default function CompanyMasterListScreen() {
  const { user, selection } = useLayoutContext();
  const [params] = useSearchParams();
  const navigate = useNavigate();

  if (!canOpenCompanyDirectory(user)) return <Navigate to={homePathFor(user)} replace />;

  const openStore = (store: Store) => {
    setSelection({ enterpriseId: store.enterpriseId, bocId: store.boc, storeId: store.id });
    navigate(PATHS.leadManager);
  };

  return (
    <>
      <PageHeader title="Companies" subtitle="Enterprises, their BOCs and stores. Choose a store to open its lead manager." />
      <CompanyDirectory
        enterpriseId={enterpriseParam(params.get('enterprise'))}
        selectedStoreId={selection.storeId}
        onOpenStore={openStore}
      />
    </>
  );
}
