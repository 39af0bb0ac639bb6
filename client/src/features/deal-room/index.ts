// The deal room: the chat view and where it reads and sends; route modules place it with a template picker.
export { DealRoomView, CLEAR_AFTER_SEND_MS, type DealRoomViewProps, type OptionsSlot, type TemplatesSlot } from './components/deal-room-view';
export { linkDealRoomSource, signedInDealRoomSource, type DealRoomHeader, type DealRoomSource } from './api';
