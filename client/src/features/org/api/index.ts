// The org feature's calls; the rest of the feature imports them from here.
export { getEnterprises } from './get-enterprises';
export { getBocs } from './get-bocs';
export { getStores } from './get-stores';
