/** The sync server's WebSocket path on this origin. */
export const COLLAB_PATH = '/collab';

/**
 * The sync server's address on this origin. It names the store the connection is mostly about,
 * so a proxy in front of several sync processes can send a store's people to the same one (fewer
 * documents held twice); any process serves any store correctly, so a connection that also opens
 * another store's documents, or has no store yet, is fine.
 */
export function collabUrl(storeId: number | null, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = storeId === null ? '' : `?store=${storeId}`;
  return `${scheme}://${location.host}${COLLAB_PATH}${query}`;
}
