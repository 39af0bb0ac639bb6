// The store's live swimlane board; the route module places it.
export { StoreBoard } from './components/store-board';
