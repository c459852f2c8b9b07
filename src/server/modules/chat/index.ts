// The chat module's face: the assistant's routes, its service, and the provider chosen by the configuration.
export { chatRoutes } from './chat-routes.ts';
export { ChatService, createChatProvider } from './chat-service.ts';
