export { createHttpBackend, type HttpBackendOptions } from './http-backend.ts';
export type { EventSourceConstructor, EventSourceLike, MessageEventLike } from './event-source.ts';
