// The message contracts live in shared, where the client reads them too.
export {
  SEND_MESSAGE_TYPES,
  sendMessageSchema,
  messageInstanceSchema,
  sendMessageResponseSchema,
  readMarkerSchema,
  messageResponseTimeSchema,
  successSchema,
  type SendMessageType,
  type SendMessage,
  type MessageInstanceDto,
  type ReadMarker,
} from '@drivebay/shared';
