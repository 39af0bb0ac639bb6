// Runs inside Chromium: seeds a store inbox of N rows into IndexedDB twice (as the product keeps it,
// a Y.Doc persisted by y-indexeddb, and as plain JSON rows in an object store), then times how long
// each takes to give the list its first rows after a fresh page load.
import * as Y from 'yjs';
import { IndexeddbPersistence } from 'y-indexeddb';
import { readInboxRows, upsertInboxRows, type InboxRow } from '@drivebay/shared/docs';
import { readInboxSnapshot, writeInboxSnapshot } from '../../client/src/features/inbox/inbox-snapshot';

const Y_NAME = 'bench:store:1:inbox';
const RAW_DB = 'bench-raw-inbox';
const FIRST_ROWS = 50;

function row(i: number): InboxRow {
  const at = new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString();
  return {
    interactionId: i + 1,
    storeId: 1,
    serviceType: 'OIL_CHANGE',
    customer: { id: i + 1, firstName: `First${i}`, lastName: `Last${i}`, cellular: `+1718555${String(i % 10_000).padStart(4, '0')}`, email: `c${i}@example.com`, custno: `C-${i}` },
    vehicle: { id: i + 1, make: 'Toyota', model: 'Camry', year: 2015 + (i % 10), vin: `VIN${String(i).padStart(14, '0')}` },
    latestMessage: { id: i + 1, content: `Customer reply number ${i}: could you do Thursday morning?`, createdOn: at, direction: 'RECEIVED', messageType: 'SMS', messageStatus: 'received' },
    lastMessageReceivedDate: at,
    totalInboundCount: 1 + (i % 5),
    totalUnreadCount: i % 3,
    responseReqd: i % 2 === 0,
    aiEnabled: i % 4 !== 0,
    marks: i % 7 === 0 ? ['VI'] : [],
    convClosed: false,
    appointmentSet: i % 9 === 0,
    updatedOn: at,
  };
}

function idb<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openRaw(): Promise<IDBDatabase> {
  const open = indexedDB.open(RAW_DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('rows', { keyPath: 'interactionId' });
  return idb(open);
}

async function seed(n: number): Promise<{ ydocBytes: number }> {
  const rows = Array.from({ length: n }, (_, i) => row(i));
  const doc = new Y.Doc();
  upsertInboxRows(doc, rows);
  const persistence = new IndexeddbPersistence(Y_NAME, doc);
  await persistence.whenSynced;
  // y-indexeddb stores updates as they happen; compact them so a load reads one state, as it
  // does for a device copy the app has kept for a while.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const bytes = Y.encodeStateAsUpdate(doc).byteLength;
  // The newest rows the app keeps beside the document once it has shown the inbox.
  await writeInboxSnapshot(Y_NAME, readInboxRows(doc));
  await persistence.destroy();
  const db = await openRaw();
  const tx = db.transaction('rows', 'readwrite');
  for (const r of rows) tx.objectStore('rows').put(r);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  return { ydocBytes: bytes };
}

/** The product's path: open the device copy, read the rows through the shared accessor. */
async function loadYjs(): Promise<{ ms: number; rows: number; first: number }> {
  const t0 = performance.now();
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(Y_NAME, doc);
  await persistence.whenSynced;
  const rows = readInboxRows(doc);
  const first = rows.slice(0, FIRST_ROWS).length;
  const ms = performance.now() - t0;
  await persistence.destroy();
  return { ms, rows: rows.length, first };
}

/**
 * The product's cold start as the inbox screen does it: the kept newest rows are read through the
 * app's own module and painted, then the device copy is opened; timed to the first rows, and to
 * the whole document.
 */
async function loadFirstPaint(): Promise<{ ms: number; rows: number; first: number; wholeMs: number }> {
  const t0 = performance.now();
  const kept = (await readInboxSnapshot(Y_NAME)) ?? [];
  const first = kept.slice(0, FIRST_ROWS).length;
  const ms = performance.now() - t0;
  // The screen opens the device copy after the frame with the kept rows.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(Y_NAME, doc);
  await persistence.whenSynced;
  const rows = readInboxRows(doc);
  const wholeMs = performance.now() - t0;
  await persistence.destroy();
  return { ms, rows: rows.length, first, wholeMs };
}

/** The baseline: the same rows read straight from an object store, sorted the same way. */
async function loadRaw(): Promise<{ ms: number; rows: number; first: number }> {
  const t0 = performance.now();
  const db = await openRaw();
  const rows = await idb(db.transaction('rows').objectStore('rows').getAll() as IDBRequest<InboxRow[]>);
  const at = (r: InboxRow) => Date.parse(r.latestMessage?.createdOn ?? r.lastMessageReceivedDate ?? r.updatedOn);
  rows.sort((a, b) => at(b) - at(a) || b.interactionId - a.interactionId);
  const first = rows.slice(0, FIRST_ROWS).length;
  const ms = performance.now() - t0;
  db.close();
  return { ms, rows: rows.length, first };
}

Object.assign(window, { bench: { seed, loadYjs, loadRaw, loadFirstPaint } });
