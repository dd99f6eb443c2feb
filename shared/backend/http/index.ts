export { createHttpBackend, type HttpBackendOptions } from './http-backend.ts';
export type { EventHub } from './event-hub.ts';
export type { EventSourceConstructor, EventSourceLike, MessageEventLike } from './event-source.ts';
