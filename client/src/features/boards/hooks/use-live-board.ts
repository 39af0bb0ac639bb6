import { useCallback, useEffect, useRef, useState } from 'react';
import { RO_LANES, type RoStatusCode, type UserData } from '@drivebay/shared';
import { boardMoveProblem, keyForDrop, moveCard, observeBoard, readBoard, readCard, type BoardCard, type BoardLanes } from '@drivebay/shared/docs';
import { endSessionAfterUnauthorized } from '../../../lib/api-client';
import { collabUrl } from '../../../lib/collab/collab-url';
import { notify } from '../../../lib/notices';
import { getAuthToken } from '../../../lib/session/session-store';
import { openBoardConnection, type BoardConnection, type BoardConnectionState } from '../collab/board-connection';


const EMPTY_LANES = Object.fromEntries(RO_LANES.map((l) => [l.code, [] as BoardCard[]])) as unknown as BoardLanes;
const INITIAL: BoardConnectionState = { status: 'connecting', loaded: false, failure: null };

export type LiveBoard = {
  lanes: BoardLanes;
  connection: BoardConnectionState;
  /**
   * Moves a card to `index` among `visible` (the lane's cards as shown, which a filter may thin
   * out). A move the lane rules refuse is not written; the notice says why.
   */
  move: (cardId: number, lane: RoStatusCode, index: number, visible: readonly BoardCard[]) => void;
};

/**
 * One store's live board: its cards by lane and the connection's state, re-read once per task
 * after changes. The server's refusals of this user's moves show as notices.
 */
export function useLiveBoard(storeId: number | null, user: UserData): LiveBoard {
  const [snapshot, setSnapshot] = useState<{ storeId: number | null; lanes: BoardLanes; connection: BoardConnectionState }>({
    storeId,
    lanes: EMPTY_LANES,
    connection: INITIAL,
  });
  const connectionRef = useRef<BoardConnection | null>(null);
  const userId = user.userMasterId;

  useEffect(() => {
    if (storeId === null) return;
    const connection = openBoardConnection({ storeId, userId, url: collabUrl(storeId), token: () => getAuthToken() ?? '', onUnauthorized: endSessionAfterUnauthorized });
    connectionRef.current = connection;
    let scheduled = false;
    let stopped = false;
    const publish = () => {
      scheduled = false;
      if (stopped) return;
      setSnapshot({ storeId, lanes: readBoard(connection.doc), connection: connection.state() });
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(publish, 0);
    };
    const unobserve = observeBoard(connection.doc, schedule);
    const unsubscribe = connection.subscribe(schedule);
    const unnotice = connection.onNotice((notice) => {
      if (notice.userId === userId) notify({ severity: 'error', message: notice.message });
    });
    schedule();
    return () => {
      stopped = true;
      unobserve();
      unsubscribe();
      unnotice();
      connection.destroy();
      if (connectionRef.current === connection) connectionRef.current = null;
    };
  }, [storeId, userId]);

  const move = useCallback((cardId: number, lane: RoStatusCode, index: number, visible: readonly BoardCard[]) => {
    const connection = connectionRef.current;
    if (!connection) return;
    const card = readCard(connection.doc, cardId);
    if (!card) return;
    const problem = boardMoveProblem(card.lane, lane);
    if (problem) {
      notify({ severity: 'error', message: `Move not allowed: ${problem} (RO ${card.roNumber})` });
      return;
    }
    moveCard(connection.doc, cardId, lane, keyForDrop(visible, index, cardId));
  }, []);

  const current = snapshot.storeId === storeId;
  return { lanes: current ? snapshot.lanes : EMPTY_LANES, connection: current ? snapshot.connection : INITIAL, move };
}
