/** The chats feature's door for the app shell: calls ring and show on every signed-in screen. */
export { CallLayer } from './call/CallLayer';
