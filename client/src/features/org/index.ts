// The organisation (enterprises, BOCs, stores): the scope selectors of the app bar, the company
// directory, and the store list the screens that pick a store read.
export { CompanyDirectory } from './components/company-directory';
export { OrgSelectors } from './components/org-selectors';
export { prefetchOrgScope, useOrgScope, type OrgScope } from './hooks/use-org-scope';
export { getStores } from './api';
export { scopePins } from './selection';
